// Build side of gatsby-plugin-manifest as is: writes manifest.webmanifest and the icons.
module.exports = require("gatsby-plugin-manifest/gatsby-node");
