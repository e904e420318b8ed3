/**
 * Constants shared by the page head (src/components/seo.tsx), gatsby-config.ts and the head
 * tests (issue 6: search and sharing). Plain TypeScript, no React, so gatsby-config can import it.
 */

/** Browser UI colours per colour scheme: the header background of each theme (white, slate-950). */
export const THEME_COLORS = { light: "#ffffff", dark: "#020617" } as const;

/** Size of the committed Open Graph card, static/og-image.png, in CSS pixels. */
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

/**
 * Turns a root-relative path into an absolute URL on the site.
 * @param siteUrl the canonical origin without a trailing slash, e.g. "https://example.com"
 * @param path "/" or a path without a trailing slash, e.g. "/about"
 * @returns e.g. "https://example.com/about"
 */
export function absoluteUrl(siteUrl: string, path: string): string {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : "/";
  return `${siteUrl}${clean}`;
}
