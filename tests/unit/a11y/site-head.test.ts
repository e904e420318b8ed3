/**
 * @jest-environment node
 *
 * The site-wide head (docs/requirements.md#accessibility-search-and-the-form-without-javascript): shared meta
 * tags and the JSON-LD Organization built from content/site.json, and the local plugin that writes them into
 * the HTML at build time.
 */
import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { organizationJsonLd, sharedMetaTags, THEME_COLORS } from "../../../src/lib/site-head";
import { content, SITE_URL } from "../site/helpers/content";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plugin is CommonJS, as Gatsby loads it
const { onRenderBody } = require("../../../plugins/gatsby-plugin-static-html/gatsby-ssr") as {
  onRenderBody: (
    api: { pathname: string; setHeadComponents: (tags: React.ReactNode[]) => void },
    options: object,
  ) => void;
};

const meta = (property: string) =>
  sharedMetaTags(content.site, SITE_URL).find((tag) => tag.property === property || tag.name === property);

test("shared tags: theme colour per colour scheme and the absolute 1200x630 share image", () => {
  const tags = sharedMetaTags(content.site, SITE_URL);
  expect(tags.filter((tag) => tag.name === "theme-color")).toEqual([
    { name: "theme-color", media: "(prefers-color-scheme: light)", content: THEME_COLORS.light },
    { name: "theme-color", media: "(prefers-color-scheme: dark)", content: THEME_COLORS.dark },
  ]);
  expect(meta("og:image")?.content).toBe(`${SITE_URL}/og-image.png`);
  expect(meta("twitter:image")?.content).toBe(`${SITE_URL}/og-image.png`);
  expect(meta("og:image:width")?.content).toBe("1200");
  expect(meta("og:image:height")?.content).toBe("630");
  expect(meta("og:image:alt")?.content).toBe(content.site.shareImage.alt);
});

test("JSON-LD Organization: name, url, logo and the sales contact point", () => {
  expect(organizationJsonLd(content.site, SITE_URL)).toEqual({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Resources AI",
    url: `${SITE_URL}/`,
    logo: `${SITE_URL}/icons/icon-512x512.png`,
    contactPoint: { "@type": "ContactPoint", contactType: "sales", url: `${SITE_URL}/contact` },
  });
});

function headOf(pathname: string, options: object) {
  let tags: React.ReactNode[] = [];
  onRenderBody({ pathname, setHeadComponents: (components) => (tags = components) }, options);
  return renderToStaticMarkup(React.createElement(React.Fragment, null, ...tags));
}

test("the plugin writes the meta tags on every page and JSON-LD only on its path", () => {
  const options = {
    meta: [{ name: "theme-color", content: "#fff" }],
    jsonLd: { "/": { "@type": "Organization", name: "</script><b>x" } },
  };
  const home = headOf("/", options);
  expect(home).toContain('<meta name="theme-color" content="#fff"/>');
  expect(home).toContain(
    '<script type="application/ld+json">{"@type":"Organization","name":"\\u003c/script>\\u003cb>x"}</script>',
  );
  const about = headOf("/about/", options);
  expect(about).toContain('<meta name="theme-color" content="#fff"/>');
  expect(about).not.toContain("ld+json");
});
