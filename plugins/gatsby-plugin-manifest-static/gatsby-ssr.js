// Head links of gatsby-plugin-manifest as is (manifest, favicon, apple-touch-icons).
module.exports = require("gatsby-plugin-manifest/gatsby-ssr");
