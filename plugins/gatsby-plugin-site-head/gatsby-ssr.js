const React = require("react");

/** "/about/" and "/about" are the same page; "/" stays "/". */
const normalise = (pathname) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : "/");

/**
 * Adds head tags to every page's HTML at build time
 * (docs/requirements.md#accessibility-search-and-the-form-without-javascript), so they cost no first-load JS:
 * `meta` (attribute maps, the same on every page) and `jsonLd` (path -> JSON-LD object, for
 * that page only). `<` in JSON-LD is escaped so content can never close the script element.
 * Options come from gatsby-config.ts (src/lib/site-head.ts builds them).
 */
exports.onRenderBody = ({ pathname, setHeadComponents }, { meta = [], jsonLd = {} }) => {
  const tags = meta.map((attributes, index) =>
    React.createElement("meta", { key: `site-head-meta-${index}`, ...attributes }),
  );
  const data = jsonLd[normalise(pathname)];
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
