// Files upstream copies into /admin/ already minified; Gatsby's Terser skips only `*.min.js`, and
// re-minifying decap-cms-app.js slowed every build (docs/requirements.md#performance-budget).
const PREBUILT = [/\.min\.js$/, /decap-cms-app\.js$/];

/**
 * Swaps the /admin/ build's Terser for one that leaves {@link PREBUILT} alone.
 * @param {{ optimization?: { minimizer?: unknown[] } }} config upstream's /admin/ webpack config (changed in place)
 * @param {{ stage: string, plugins: { minifyJs: (options: object) => unknown } }} helpers Gatsby's webpack helpers
 * @throws {Error} when there is not exactly one Terser (an upgrade changed it, build/INTERNALS.md)
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

module.exports = { skipPrebuiltMinification, PREBUILT };
