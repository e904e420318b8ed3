/**
 * Search and sharing on the built site
 * (docs/requirements.md#accessibility-search-and-the-form-without-javascript): each page's HTML in
 * public/ has a unique title and description from content, the canonical URL from siteUrl, Open
 * Graph and Twitter card tags with the 1200x630 share image, the theme colour per colour scheme and
 * the manifest; the home page has the JSON-LD Organization; images carry alt text from content.
 * Also the sitemap, robots.txt and manifest. Reads files only: run after `npm run build`.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import config from "../../gatsby-config";
import { loadSiteContent } from "../../build/load-content";
import { MANIFEST_PATH } from "../../src/lib/inline-scripts";
import { FAVICON_HREF, SHARE_IMAGE_SIZE, THEME_COLORS } from "../../src/lib/site-head";
import { PUBLIC_DIR, pngSize, readPublic, summariseHtml, type HeadSummary } from "./support/built-html";

const siteUrl = String(config.siteMetadata?.siteUrl);
const content = loadSiteContent(process.cwd());
const { siteName } = content.site;

const PAGES = [
  { path: "/", file: "index.html", seo: content.home.seo },
  { path: "/about", file: "about/index.html", seo: content.about.seo },
  { path: "/contact", file: "contact/index.html", seo: content.site.contact.seo },
  { path: "/privacy", file: "privacy/index.html", seo: content.privacy.seo },
];
const NOT_FOUND = { path: "/404", file: "404.html", seo: content.site.notFound.seo };

const one = (summary: HeadSummary, key: string) => {
  expect(summary.meta[key], `exactly one ${key}`).toHaveLength(1);
  return summary.meta[key][0];
};

const existsInPublic = (url: string) => existsSync(join(PUBLIC_DIR, new URL(url, siteUrl).pathname));

test("the share image is a 1200x630 PNG", () => {
  expect(pngSize("og-image.png")).toEqual(SHARE_IMAGE_SIZE);
});

for (const { path, file, seo } of [...PAGES, NOT_FOUND]) {
  test(`${path}: title, description, canonical, Open Graph, Twitter, theme colour, icons`, async ({
    page,
  }) => {
    const head = await summariseHtml(page, readPublic(file));
    const title = `${seo.title} | ${siteName}`;
    expect(head.titles).toEqual([title]);
    expect(one(head, "description")).toBe(seo.description);

    expect(one(head, "og:type")).toBe("website");
    expect(one(head, "og:title")).toBe(title);
    expect(one(head, "og:description")).toBe(seo.description);
    const image = `${siteUrl}${content.site.shareImage.src}`;
    expect(one(head, "og:image")).toBe(image);
    expect(existsInPublic(image)).toBe(true);
    expect(one(head, "og:image:width")).toBe(String(SHARE_IMAGE_SIZE.width));
    expect(one(head, "og:image:height")).toBe(String(SHARE_IMAGE_SIZE.height));
    expect(one(head, "og:image:alt")).toBe(content.site.shareImage.alt);
    expect(one(head, "twitter:card")).toBe("summary_large_image");
    expect(one(head, "twitter:title")).toBe(title);
    expect(one(head, "twitter:description")).toBe(seo.description);
    expect(one(head, "twitter:image")).toBe(image);

    expect(head.themeColors).toEqual([
      ["(prefers-color-scheme: light)", THEME_COLORS.light],
      ["(prefers-color-scheme: dark)", THEME_COLORS.dark],
    ]);
    // Read as a parser without scripting reads it: the manifest link is the <noscript> copy (decision 0026).
    expect(head.links.manifest).toEqual([MANIFEST_PATH]);
    expect(head.links.icon).toEqual([FAVICON_HREF]);
    for (const href of head.links["apple-touch-icon"] ?? []) {
      expect(existsInPublic(href), href).toBe(true);
    }
  });
}

for (const { path, file } of PAGES) {
  test(`${path}: canonical and og:url are the page's absolute URL from siteUrl, indexable`, async ({
    page,
  }) => {
    const head = await summariseHtml(page, readPublic(file));
    const url = `${siteUrl}${path}`;
    expect(head.links.canonical).toEqual([url]);
    expect(one(head, "og:url")).toBe(url);
    expect(head.meta.robots).toBeUndefined();
  });
}

test("the 404 page is kept out of the index", async ({ page }) => {
  const head = await summariseHtml(page, readPublic(NOT_FOUND.file));
  expect(head.meta.robots).toEqual(["noindex"]);
});

test("titles and descriptions are unique across pages", async ({ page }) => {
  const heads = await Promise.all(
    [...PAGES, NOT_FOUND].map(({ file }) => summariseHtml(page, readPublic(file))),
  );
  const titles = heads.map((h) => h.titles[0]);
  const descriptions = heads.map((h) => h.meta.description[0]);
  expect(new Set(titles).size).toBe(titles.length);
  expect(new Set(descriptions).size).toBe(descriptions.length);
});

test("home has the JSON-LD Organization with name, url, logo and a sales contact point", async ({ page }) => {
  const home = await summariseHtml(page, readPublic("index.html"));
  expect(home.jsonLd).toEqual([
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: siteName,
      url: `${siteUrl}/`,
      logo: `${siteUrl}${content.site.organization.logo}`,
      contactPoint: { "@type": "ContactPoint", contactType: "sales", url: `${siteUrl}/contact` },
    },
  ]);
  expect(existsInPublic(content.site.organization.logo)).toBe(true);
  for (const { file } of PAGES.slice(1)) {
    expect((await summariseHtml(page, readPublic(file))).jsonLd).toEqual([]);
  }
});

test('images: meaningful ones carry their alt text from content, decorative ones alt=""', async ({
  page,
}) => {
  const heads = await Promise.all(
    [...PAGES, NOT_FOUND].map(({ file }) => summariseHtml(page, readPublic(file))),
  );
  for (const image of heads.flatMap((h) => h.images)) {
    expect(image.alt, "every <img> has an alt attribute").not.toBeNull();
    // Gatsby's blurred placeholder is decorative: empty alt and hidden from assistive tech.
    if (image.alt === "") expect(image.ariaHidden).toBe("true");
    else expect(image.alt).toBe(content.home.copilot.screenshot.alt);
  }
  const homeAlts = heads[0].images.map((i) => i.alt);
  expect(homeAlts).toContain(content.home.copilot.screenshot.alt);
});

test("the sitemap lists /, /about, /contact and /privacy only", async ({ page }) => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const index = readPublic("sitemap-index.xml");
  const sitemaps = locs(index);
  expect(sitemaps.length).toBeGreaterThan(0);
  const urls = sitemaps.flatMap((url) => locs(readPublic(new URL(url).pathname)));
  expect(urls.sort()).toEqual([
    `${siteUrl}/`,
    `${siteUrl}/about`,
    `${siteUrl}/contact`,
    `${siteUrl}/privacy`,
  ]);
  // Well-formed XML, as crawlers parse it strictly.
  const errors = await page.evaluate(
    (xml) =>
      new DOMParser().parseFromString(xml, "application/xml").getElementsByTagName("parsererror").length,
    index,
  );
  expect(errors).toBe(0);
});

test("robots.txt allows all, keeps /admin/ out and points at the sitemap", () => {
  const lines = readPublic("robots.txt").trim().split(/\r?\n/);
  expect(lines).toEqual([
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin/",
    `Sitemap: ${siteUrl}/sitemap-index.xml`,
  ]);
});

test("the web app manifest names the site, has icons that exist and the theme colour", () => {
  const manifest = JSON.parse(readPublic("manifest.webmanifest")) as {
    name: string;
    theme_color: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest.name).toBe(siteName);
  expect(manifest.theme_color).toBe(THEME_COLORS.light);
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of manifest.icons) {
    const [width, height] = icon.sizes.split("x").map(Number);
    expect(pngSize(icon.src)).toEqual({ width, height });
  }
});
