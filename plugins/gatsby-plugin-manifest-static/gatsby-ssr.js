// Head links of gatsby-plugin-manifest as is (manifest, favicon, apple-touch-icons).
// A named export, because Gatsby finds a plugin's APIs by reading its export names.
exports.onRenderBody = require("gatsby-plugin-manifest/gatsby-ssr").onRenderBody;
