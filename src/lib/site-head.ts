/**
 * The site-wide head for search and sharing
 * (docs/requirements.md#accessibility-search-and-the-form-without-javascript), as plain data for
 * gatsby-config.ts: the share image and theme-colour tags every page carries, the home page's JSON-LD
 * Organization, and the paths kept out of the sitemap. plugins/gatsby-plugin-site-head renders the tags into
 * each page's HTML at build time. Plain TypeScript, no React.
 */
import type { SiteContent } from "./content/schemas";

/** Browser UI colours per colour scheme: the header background of each theme (white, slate-950). */
export const THEME_COLORS = { light: "#ffffff", dark: "#020617" } as const;

/** Size of the committed Open Graph card, static/og-image.png, in pixels. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * Paths kept out of the sitemap (minimatch globs): the 404 page in its Gatsby forms, the
 * no-JavaScript thank-you page (reached only after a submit) and the CMS.
 */
export const SEARCH_EXCLUDED_PATHS = [
  "/404",
  "/404.html",
  "/dev-404-page",
  "/contact/thanks",
  "/contact/thanks/",
  "/admin",
  "/admin/**",
] as const;

/** Attributes of one `<meta>` tag, e.g. `{ property: "og:image", content: "https://…" }`. */
export type MetaAttributes = Record<string, string>;

type SiteHeadContent = Pick<SiteContent, "siteName" | "shareImage" | "organization">;

/**
 * Turns a root-relative path into an absolute URL on the site.
 * @param siteUrl the canonical origin without a trailing slash, e.g. "https://example.com"
 * @param path "/" or a root-relative path, e.g. "/about" (a trailing slash is dropped)
 * @returns e.g. "https://example.com/about"
 */
export function absoluteUrl(siteUrl: string, path: string): string {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : "/";
  return `${siteUrl}${clean}`;
}

/**
 * Meta tags every page shares: the light/dark theme-color pair, and the 1200x630 share image
 * (absolute URL, size, alt) for Open Graph and the Twitter large-image card.
 * @param site content/site.json as validated
 * @param siteUrl canonical origin without a trailing slash
 */
export function sharedMetaTags(site: SiteHeadContent, siteUrl: string): MetaAttributes[] {
  const image = absoluteUrl(siteUrl, site.shareImage.src);
  return [
    { name: "theme-color", media: "(prefers-color-scheme: light)", content: THEME_COLORS.light },
    { name: "theme-color", media: "(prefers-color-scheme: dark)", content: THEME_COLORS.dark },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE_SIZE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE_SIZE.height) },
    { property: "og:image:alt", content: site.shareImage.alt },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: site.shareImage.alt },
  ];
}

/**
 * The schema.org Organization for the home page: name, url, logo and a sales contact point at
 * /contact, from content/site.json.
 * @param site content/site.json as validated
 * @param siteUrl canonical origin without a trailing slash
 */
export function organizationJsonLd(site: SiteHeadContent, siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.siteName,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, site.organization.logo),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: site.organization.contactType,
      url: absoluteUrl(siteUrl, "/contact"),
    },
  };
}
