/**
 * The /admin/ build's Terser told to leave the prebuilt files alone (see skipPrebuiltMinification).
 */
// Files upstream copies into /admin/ already minified. Gatsby's Terser skips only `*.min.js`, so it
// re-minified the large decap-cms-app.js on every build, a good part of a clean build (the 60 s
// target of docs/requirements.md#performance-budget; docs/performance.md), for no gain.
const PREBUILT = [/\.min\.js$/, /decap-cms-app\.js$/];

/**
 * The /admin/ build's minimizers with Terser told to leave the prebuilt files alone.
 *
 * @param {{ optimization?: { minimizer?: unknown[] } }} config upstream's /admin/ webpack config (changed in place)
 * @param {{ stage: string, plugins: { minifyJs: (options: object) => unknown } }} helpers Gatsby's webpack helpers
 * @throws {Error} when the build's minimizers hold no Terser or more than one (an upgrade changed
 *   what upstream copies from Gatsby's config: the swap relies on it, build/INTERNALS.md)
 */
function skipPrebuiltMinification(config, { stage, plugins }) {
  if (stage !== "build-javascript") return;
  const minimizers = config.optimization?.minimizer ?? [];
  const terser = minimizers.filter((minimizer) => minimizer?.constructor?.name === "TerserPlugin");
  if (terser.length !== 1) {
    throw new Error(
      `gatsby-plugin-decap-admin: expected one TerserPlugin among the /admin/ build's minimizers, found ${terser.length}`,
    );
  }
  config.optimization.minimizer = minimizers.map((minimizer) =>
    minimizer === terser[0] ? plugins.minifyJs({ exclude: PREBUILT }) : minimizer,
  );
}

/**
 * Runs upstream's separate /admin/ webpack build, but drops its changes to the site's own
 * webpack config (a split chunk and an IgnorePlugin, both only for netlify-identity-widget,
 * which is disabled here), so the public bundles are built exactly as without the CMS.
 */
module.exports = { skipPrebuiltMinification, PREBUILT };
