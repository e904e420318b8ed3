// Build side of gatsby-plugin-manifest as is: writes manifest.webmanifest and the icons.
// Named exports, because Gatsby finds a plugin's APIs by reading its export names.
const manifest = require("gatsby-plugin-manifest/gatsby-node");

exports.pluginOptionsSchema = manifest.pluginOptionsSchema;
exports.onPreInit = manifest.onPreInit;
exports.onPostBootstrap = manifest.onPostBootstrap;
exports.onCreateWebpackConfig = manifest.onCreateWebpackConfig;
