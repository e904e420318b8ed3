// Files upstream copies into /admin/ already minified; Gatsby's Terser skips only `*.min.js`, and
// re-minifying decap-cms-app.js slowed every build (docs/requirements.md#performance-budget).
const PREBUILT = [/\.min\.js$/, /decap-cms-app\.js$/];

/** Swaps the /admin/ build's Terser for one that skips PREBUILT. @throws {Error} unless exactly one Terser (build/INTERNALS.md) */
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
