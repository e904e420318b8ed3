const noJavaScript = require("gatsby-plugin-no-javascript-utils/gatsby-ssr");

/** "/contact/" and "/contact" are the same page; "/" stays "/". */
const normalise = (pathname) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : "/");

// Only the scripts: the head's data-gatsby-head attributes, the generator tag and the inlined
// stylesheet stay as Gatsby writes them, so a script-free page differs from a hydrating one only
// in what it loads.
const STRIP_SCRIPTS_ONLY = {
  noScript: true,
  removeGeneratorTag: false,
  removeHeadDataAttrs: false,
  noInlineStyles: false,
};

/**
 * Every page but `keepScripts` is served without Gatsby's scripts (docs/decisions/0014-script-free-pages.md):
 * the kept plugin gatsby-plugin-no-javascript-utils drops the script preloads from the head and, after the
 * body, Gatsby's `window.pagePath` script and its scripts slice (webpack runtime, framework, app chunk, chunk
 * map). What a page renders into its body, and the head scripts of gatsby-ssr.tsx, stay. Only `gatsby build`
 * output changes: `gatsby develop` keeps every script (the plugin checks NODE_ENV itself).
 *
 * @param {object} api Gatsby's onPreRenderHTML arguments (pathname, get/replace head and post-body)
 * @param {{ keepScripts: string[] }} options paths whose pages keep Gatsby's scripts, e.g. ["/contact"]
 */
exports.onPreRenderHTML = (api, { keepScripts }) => {
  if (keepScripts.map(normalise).includes(normalise(api.pathname))) return;
  noJavaScript.onPreRenderHTML(api, STRIP_SCRIPTS_ONLY);
};
