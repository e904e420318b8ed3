// /admin/ from gatsby-plugin-decap-cms's Node hooks only, so public pages build as without the CMS: its
// gatsby-browser.js and webpack changes are dropped (docs/requirements.md#content-editing; docs/performance.md).
const upstream = require("gatsby-plugin-decap-cms/gatsby-node");

exports.onPreInit = upstream.onPreInit;
exports.onCreateDevServer = upstream.onCreateDevServer;

const { skipPrebuiltMinification } = require("./prebuilt-minification");

exports.onCreateWebpackConfig = (args, options) =>
  upstream.onCreateWebpackConfig(
    { ...args, actions: { ...args.actions, setWebpackConfig: () => {} } },
    { ...options, customizeWebpackConfig: skipPrebuiltMinification },
  );
