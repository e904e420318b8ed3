/**
 * @jest-environment node
 */
// Pages render with Node's own fetch (build/native-fetch-in-page-render.ts): Gatsby's provision of node-fetch,
// whose punycode import Gatsby prints as " ERROR  UNKNOWN" in a successful build, is dropped from the
// page-render stages; any other shape stops the build instead of letting the ERROR back (build/INTERNALS.md).
import { dropNodeFetchFromPageRender } from "../../../build/native-fetch-in-page-render";

class ProvidePlugin {
  constructor(public definitions: Record<string, string>) {}
}
class DefinePlugin {
  constructor(public definitions: Record<string, string>) {}
}

const gatsbyProvision = () =>
  new ProvidePlugin({ fetch: "/gatsby/node_modules/node-fetch/lib/index.js", "global.fetch": "/x" });

test("the page render's node-fetch provision is dropped; every other plugin stays", () => {
  const define = new DefinePlugin({ fetch: "x" });
  const config = { plugins: [define, gatsbyProvision()] as unknown[] };
  expect(dropNodeFetchFromPageRender(config, "build-html")).toBe(true);
  expect(config.plugins).toEqual([define]);

  const shared = new ProvidePlugin({ fetch: "/node-fetch", process: "process/browser" });
  const develop = { plugins: [shared] as unknown[] };
  expect(dropNodeFetchFromPageRender(develop, "develop-html")).toBe(true);
  expect(develop.plugins).toEqual([shared]);
  expect(shared.definitions).toEqual({ process: "process/browser" });
});

test("the browser's stages are left alone", () => {
  const config = { plugins: [gatsbyProvision()] as unknown[] };
  for (const stage of ["build-javascript", "develop"]) {
    expect(dropNodeFetchFromPageRender(config, stage)).toBe(false);
  }
  expect(config.plugins).toHaveLength(1);
});

test("no provision, or two, stop the build with a message naming the list of internals", () => {
  for (const plugins of [[], [gatsbyProvision(), gatsbyProvision()], undefined]) {
    expect(() => dropNodeFetchFromPageRender({ plugins }, "build-html")).toThrow(
      /expected one ProvidePlugin of fetch in Gatsby's build-html webpack config, found \d \(build\/INTERNALS.md\)/,
    );
  }
});
