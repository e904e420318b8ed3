// gatsby-plugin-manifest's build side as is; Gatsby finds a plugin's APIs by its export names.
const manifest = require("gatsby-plugin-manifest/gatsby-node");

exports.pluginOptionsSchema = manifest.pluginOptionsSchema;
exports.onPreInit = manifest.onPreInit;
exports.onPostBootstrap = manifest.onPostBootstrap;
exports.onCreateWebpackConfig = manifest.onCreateWebpackConfig;
