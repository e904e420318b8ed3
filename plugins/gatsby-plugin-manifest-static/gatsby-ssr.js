const React = require("react");
const manifest = require("gatsby-plugin-manifest/gatsby-ssr");

/** gatsby-plugin-manifest's head links, the manifest link in `<noscript>`: scripts add it after the first paint (decision 0026). */
function manifestLinkWithoutScripts(element) {
  if (element?.type !== "link" || element.props?.rel !== "manifest") return element;
  return React.createElement("noscript", { key: "gatsby-plugin-manifest-link-noscript" }, element);
}

exports.onRenderBody = (api, options) =>
  manifest.onRenderBody(
    {
      ...api,
      setHeadComponents: (components) => api.setHeadComponents(components.map(manifestLinkWithoutScripts)),
    },
    options,
  );
