/**
 * @jest-environment node
 */
// The /admin/ build's Terser swap (plugins/gatsby-plugin-decap-admin/prebuilt-minification.js):
// the one Terser upstream copies from Gatsby's config is replaced by Gatsby's own, told to skip
// the prebuilt files; any other shape of the minimizer list stops the build instead of silently
// minifying decap-cms-app.js again (build/INTERNALS.md).
import {
  PREBUILT,
  skipPrebuiltMinification,
} from "../../../plugins/gatsby-plugin-decap-admin/prebuilt-minification";

class TerserPlugin {}
class CssMinimizerPlugin {}

const plugins = { minifyJs: (options: object) => ({ replaced: options }) };

test("the one Terser is swapped for Gatsby's minifier that skips the prebuilt files; the others stay", () => {
  const css = new CssMinimizerPlugin();
  const config = { optimization: { minimizer: [new TerserPlugin(), css] as unknown[] } };
  skipPrebuiltMinification(config, { stage: "build-javascript", plugins });
  expect(config.optimization.minimizer).toEqual([{ replaced: { exclude: PREBUILT } }, css]);
  expect(PREBUILT.some((pattern: RegExp) => pattern.test("decap-cms-app.js"))).toBe(true);
});

test("no Terser, or two, stop the build with a message naming the plugin", () => {
  for (const minimizer of [[new CssMinimizerPlugin()], [new TerserPlugin(), new TerserPlugin()], undefined]) {
    expect(() =>
      skipPrebuiltMinification({ optimization: { minimizer } }, { stage: "build-javascript", plugins }),
    ).toThrow(/gatsby-plugin-decap-admin: expected one TerserPlugin/);
  }
});

test("other stages are left alone", () => {
  const config = { optimization: { minimizer: [] as unknown[] } };
  skipPrebuiltMinification(config, { stage: "develop", plugins });
  expect(config.optimization.minimizer).toEqual([]);
});
