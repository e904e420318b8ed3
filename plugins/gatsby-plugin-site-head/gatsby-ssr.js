const React = require("react");

/** "/about/" and "/about" are the same page; "/" stays "/". */
const normalise = (pathname) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : "/");

/** Writes `meta` (every page) and `jsonLd` (by path) at build time, at no JS cost; `<` escaped in JSON-LD. */
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
