const React = require("react");
const manifest = require("gatsby-plugin-manifest/gatsby-ssr");

/**
 * gatsby-plugin-manifest's head links (manifest, apple-touch-icons) with its manifest link moved
 * inside `<noscript>` (decision 0026): with JavaScript the browser adds the link after the first
 * paint (src/lib/inline-scripts/manifest-link.ts); without it the parser reads the `<noscript>`
 * copy. Any other element passes through unchanged.
 *
 * @param {React.ReactElement} element one head component of gatsby-plugin-manifest
 * @returns {React.ReactElement} the element, or `<noscript>` around it when it is the manifest link
 */
function manifestLinkWithoutScripts(element) {
  if (element?.type !== "link" || element.props?.rel !== "manifest") return element;
  return React.createElement("noscript", { key: "gatsby-plugin-manifest-link-noscript" }, element);
}

// A named export, because Gatsby finds a plugin's APIs by reading its export names.
exports.onRenderBody = (api, options) =>
  manifest.onRenderBody(
    {
      ...api,
      setHeadComponents: (components) => api.setHeadComponents(components.map(manifestLinkWithoutScripts)),
    },
    options,
  );
