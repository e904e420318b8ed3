/**
 * @jest-environment node
 *
 * plugins/gatsby-plugin-manifest-static's head links with the site's own options (gatsby-config.ts):
 * the manifest link only inside `<noscript>` (decision 0026; pages with JavaScript add it after the
 * first paint), no icon file links (the icon is a data: URL, src/lib/site-head.ts), and the
 * apple-touch-icons as gatsby-plugin-manifest writes them.
 */
import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import config from "../../../gatsby-config";
import { MANIFEST_PATH } from "../../../src/lib/inline-scripts";

type OnRenderBody = (api: Record<string, unknown>, options: Record<string, unknown>) => void;

const { onRenderBody } = jest.requireActual<{ onRenderBody: OnRenderBody }>(
  "../../../plugins/gatsby-plugin-manifest-static/gatsby-ssr",
);

function siteOptions(): Record<string, unknown> {
  const entry = config.plugins?.find(
    (plugin) => typeof plugin === "object" && plugin.resolve === "gatsby-plugin-manifest-static",
  );
  if (typeof entry !== "object") throw new Error("gatsby-plugin-manifest-static is not configured");
  return { legacy: true, ...(entry.options as Record<string, unknown>) };
}

function headHtml(): string {
  const components: React.ReactElement[] = [];
  onRenderBody(
    { pathname: "/about/", setHeadComponents: (added: React.ReactElement[]) => components.push(...added) },
    siteOptions(),
  );
  return renderToStaticMarkup(<>{components}</>);
}

test("the manifest link is written only inside <noscript>", () => {
  const html = headHtml();
  expect(html).toContain(
    `<noscript><link rel="manifest" href="${MANIFEST_PATH}" crossorigin="anonymous"/></noscript>`,
  );
  expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "")).not.toMatch(/rel="manifest"/);
});

test("no icon file is linked; the apple-touch-icons stay", () => {
  const html = headHtml();
  expect(html).not.toMatch(/rel="icon"/);
  expect(html.match(/rel="apple-touch-icon"/g)?.length).toBeGreaterThan(0);
});
