/**
 * Builds /admin/ with gatsby-plugin-decap-cms's Node hooks only: its gatsby-browser.js (Netlify Identity,
 * unused) would join every public page's bundle, and its changes to the site's webpack config are dropped,
 * so public pages build as without the CMS (docs/requirements.md#content-editing; docs/performance.md).
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
