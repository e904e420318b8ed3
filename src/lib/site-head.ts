/** The site-wide head tags and JSON-LD, as options of plugins/gatsby-plugin-static-html, and the icon. */
import type { SiteContent } from "./content/schemas";

/** The site icon, inlined as a `data:` URL in each page (decision 0026); static/favicon.svg must stay equal. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0f172a"/><path d="M6 24 13 10l4 8 3-5 6 11Z" fill="#fbbf24"/></svg>';
export const FAVICON_HREF = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;

/** Browser UI colours per scheme: each theme's header background. */
export const THEME_COLORS = { light: "#ffffff", dark: "#020617" } as const;

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Paths kept out of the sitemap (globs): the 404 page, the no-JS thank-you page and the CMS. */
export const SEARCH_EXCLUDED_PATHS = [
  "/404",
  "/404.html",
  "/dev-404-page",
  "/contact/thanks",
  "/contact/thanks/",
  "/admin",
  "/admin/**",
] as const;

type SiteHeadContent = Pick<SiteContent, "siteName" | "shareImage" | "organization">;

/** A page path without trailing slashes: "/about/" -> "/about"; "/" stays "/". */
export const pagePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : "/");

/** An absolute URL, e.g. ("https://example.com", "/about/") -> "https://example.com/about". */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${pagePath(path)}`;
}

/** Meta tags every page shares: the theme-color pair and the share image for Open Graph and Twitter. */
export function sharedMetaTags(site: SiteHeadContent, siteUrl: string): Record<string, string>[] {
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

/** The home page's schema.org Organization, from content/site.json. */
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
