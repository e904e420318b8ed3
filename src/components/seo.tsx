import * as React from "react";
import { useSiteSettings } from "../hooks/use-site-settings";
import { absoluteUrl, FAVICON_HREF } from "../lib/site-head";

type SeoProps = { title: string; description: string; pathname: string; children?: React.ReactNode };

/** Per-page head tags (Gatsby Head API); those every page shares come from plugins/gatsby-plugin-static-html. */
export function Seo({ title, description, pathname, children }: SeoProps) {
  const { siteName, siteUrl } = useSiteSettings();
  const fullTitle = `${title} | ${siteName}`;
  const url = absoluteUrl(siteUrl, pathname);
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
