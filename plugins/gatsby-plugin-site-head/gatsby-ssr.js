const React = require("react");

/** "/about/" and "/about" are the same page; "/" stays "/". */
const normalise = (pathname) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : "/");

/**
 * Adds `meta` (every page) and `jsonLd` (path -> object, that page only) head tags at build time, so they
 * cost no first-load JS (docs/requirements.md#accessibility-search-and-the-form-without-javascript).
 * Options come from src/lib/site-head.ts; `<` is escaped so JSON-LD cannot close its script element.
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
