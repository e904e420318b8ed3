/**
 * Builds /admin/ with gatsby-plugin-decap-cms's own Node hooks (a separate webpack entry from
 * the `modulePath` option, React and decap-cms-app copied in as prebuilt files).
 *
 * The upstream plugin also ships a gatsby-browser.js (Netlify Identity redirects, unused here:
 * login goes through GitHub) that Gatsby would add to every public page's app bundle
 * (docs/performance.md). Re-exporting only the Node hooks keeps public pages' first-load
 * JS byte-identical (issue 7; measured with `npm run test:budget`).
 */
const upstream = require("gatsby-plugin-decap-cms/gatsby-node");

exports.onPreInit = upstream.onPreInit;
exports.onCreateDevServer = upstream.onCreateDevServer;

// Files upstream copies into /admin/ already minified. Gatsby's Terser skips only `*.min.js`, so it
// re-minified the large decap-cms-app.js on every build, a good part of a clean build (issue 5's
// 60 s target; docs/performance.md), for no gain.
const PREBUILT = [/\.min\.js$/, /decap-cms-app\.js$/];

/**
 * The /admin/ build's minimizers with Terser told to leave the prebuilt files alone.
 *
 * @param {{ optimization?: { minimizer?: unknown[] } }} config upstream's /admin/ webpack config (changed in place)
 * @param {{ stage: string, plugins: { minifyJs: (options: object) => unknown } }} helpers Gatsby's webpack helpers
 */
function skipPrebuiltMinification(config, { stage, plugins }) {
  if (stage !== "build-javascript" || !config.optimization?.minimizer) return;
  config.optimization.minimizer = config.optimization.minimizer.map((minimizer) =>
    minimizer?.constructor?.name === "TerserPlugin" ? plugins.minifyJs({ exclude: PREBUILT }) : minimizer,
  );
}

/**
 * Runs upstream's separate /admin/ webpack build, but drops its changes to the site's own
 * webpack config (a split chunk and an IgnorePlugin, both only for netlify-identity-widget,
 * which is disabled here), so the public bundles are built exactly as without the CMS.
 */
exports.onCreateWebpackConfig = (args, options) =>
  upstream.onCreateWebpackConfig(
    { ...args, actions: { ...args.actions, setWebpackConfig: () => {} } },
    { ...options, customizeWebpackConfig: skipPrebuiltMinification },
  );
