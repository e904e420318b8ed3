const noJavaScript = require("gatsby-plugin-no-javascript-utils/gatsby-ssr");

/** "/contact/" and "/contact" are the same page; "/" stays "/". */
const normalise = (pathname) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : "/");

// Strip only the scripts, so a script-free page differs from a hydrating one only in what it loads.
const STRIP_SCRIPTS_ONLY = {
  noScript: true,
  removeGeneratorTag: false,
  removeHeadDataAttrs: false,
  noInlineStyles: false,
};

/**
 * Serves every page but `keepScripts` (e.g. ["/contact"]) without Gatsby's scripts, in `gatsby build`
 * only (docs/decisions/0014-script-free-pages.md); the page's own head scripts stay.
 */
exports.onPreRenderHTML = (api, { keepScripts }) => {
  if (keepScripts.map(normalise).includes(normalise(api.pathname))) return;
  noJavaScript.onPreRenderHTML(api, STRIP_SCRIPTS_ONLY);
};
