// gatsby-plugin-manifest without its gatsby-browser.js, which only serves localised manifests yet put about
// 2.4 KB gzipped of first-load JS on every page; Gatsby finds a plugin's APIs by their export names.
const manifest = require("gatsby-plugin-manifest/gatsby-node");

exports.pluginOptionsSchema = manifest.pluginOptionsSchema;
exports.onPreInit = manifest.onPreInit;
exports.onPostBootstrap = manifest.onPostBootstrap;
exports.onCreateWebpackConfig = manifest.onCreateWebpackConfig;
