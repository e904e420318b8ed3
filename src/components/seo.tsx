import * as React from "react";
import { useSiteSettings } from "../hooks/use-site-settings";
import { absoluteUrl, SHARE_IMAGE_SIZE, THEME_COLORS } from "../lib/site-head";

type SeoProps = {
  title: string;
  description: string;
  /** The page's path, e.g. "/about"; the canonical URL is siteUrl + pathname. */
  pathname: string;
  children?: React.ReactNode;
};

/**
 * Head tags for one page (Gatsby Head API, issue 6): title "<page> | <site>", meta description,
 * canonical URL from siteMetadata.siteUrl, Open Graph (with the 1200x630 share image as an
 * absolute URL) and Twitter large-image card tags, icon, and the theme colour per colour scheme.
 */
export function Seo({ title, description, pathname, children }: SeoProps) {
  const { siteName, siteUrl, shareImage } = useSiteSettings();
  const fullTitle = `${title} | ${siteName}`;
  const url = absoluteUrl(siteUrl, pathname);
  const image = absoluteUrl(siteUrl, shareImage.src);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(SHARE_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE_SIZE.height)} />
      <meta property="og:image:alt" content={shareImage.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={shareImage.alt} />
      {children}
    </>
  );
}
