/**
 * Builds /admin/ with gatsby-plugin-decap-cms's own Node hooks (a separate webpack entry from
 * the `modulePath` option, React and decap-cms-app copied in as prebuilt files).
 *
 * The upstream plugin also ships a gatsby-browser.js (Netlify Identity redirects, unused here:
 * login goes through GitHub) that Gatsby would add to every public page's app bundle
 * (docs/performance.md). Re-exporting only the Node hooks keeps public pages' first-load
 * JS byte-identical (docs/requirements.md#content-editing; measured with `npm run test:budget`).
 */
const upstream = require("gatsby-plugin-decap-cms/gatsby-node");

exports.onPreInit = upstream.onPreInit;
exports.onCreateDevServer = upstream.onCreateDevServer;

const { skipPrebuiltMinification } = require("./prebuilt-minification");

exports.onCreateWebpackConfig = (args, options) =>
  upstream.onCreateWebpackConfig(
    { ...args, actions: { ...args.actions, setWebpackConfig: () => {} } },
    { ...options, customizeWebpackConfig: skipPrebuiltMinification },
  );
