const React = require("react");
const noJavaScript = require("gatsby-plugin-no-javascript-utils/gatsby-ssr");
const { pagePath } = require("../../src/lib/site-head.ts");

/** Writes `meta` (every page) and `jsonLd` (by path) at build time, at no JS cost; `<` escaped in JSON-LD. */
exports.onRenderBody = ({ pathname, setHeadComponents }, { meta = [], jsonLd = {} }) => {
  const tags = meta.map((attributes, index) =>
    React.createElement("meta", { key: `site-head-meta-${index}`, ...attributes }),
  );
  const data = jsonLd[pagePath(pathname)];
  if (data) {
    tags.push(
      React.createElement("script", {
        key: "site-head-json-ld",
        type: "application/ld+json",
        dangerouslySetInnerHTML: { __html: JSON.stringify(data).replace(/</g, "\\u003c") },
      }),
    );
  }
  setHeadComponents(tags);
};

// Strip only the scripts, so a script-free page differs from a hydrating one only in what it loads.
const STRIP_SCRIPTS_ONLY = {
  noScript: true,
  removeGeneratorTag: false,
  removeHeadDataAttrs: false,
  noInlineStyles: false,
};

/** Builds every page but `keepScripts` without Gatsby's scripts; their own head scripts stay (decision 0014). */
exports.onPreRenderHTML = (api, { keepScripts }) => {
  if (keepScripts.map(pagePath).includes(pagePath(api.pathname))) return;
  noJavaScript.onPreRenderHTML(api, STRIP_SCRIPTS_ONLY);
};
