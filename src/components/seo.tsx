import * as React from "react";
import { useSiteSettings } from "../hooks/use-site-settings";
import { FAVICON_HREF } from "../lib/favicon";

type SeoProps = {
  title: string;
  description: string;
  /** The page's path, e.g. "/about"; the canonical URL is siteUrl + pathname. */
  pathname: string;
  children?: React.ReactNode;
};

/**
 * Per-page head tags (Gatsby Head API): title "<page> | <site>", meta description, canonical
 * URL from siteMetadata.siteUrl, Open Graph and Twitter large-image card tags, the icon (a
 * `data:` URL: src/lib/favicon.ts). Tags that
 * are the same on every page (share image, theme colours) and the home page's JSON-LD come from
 * plugins/gatsby-plugin-site-head at build time, so they add no first-load JS.
 */
export function Seo({ title, description, pathname, children }: SeoProps) {
  const { siteName, siteUrl } = useSiteSettings();
  const fullTitle = `${title} | ${siteName}`;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : "/";
  const url = `${siteUrl}${path}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <link rel="icon" href={FAVICON_HREF} type="image/svg+xml" sizes="any" />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {children}
    </>
  );
}
