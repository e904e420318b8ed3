import * as React from "react";
import { useSiteSettings } from "../hooks/use-site-settings";
import { absoluteUrl } from "../lib/site-head";

/**
 * The schema.org Organization of the home page's head (issue 6): name, url, logo and a sales
 * contact point at /contact, from content/site.json and siteUrl. `<` is escaped so content
 * can never close the script element.
 */
export function JsonLdOrganization() {
  const { siteName, siteUrl, organization } = useSiteSettings();
  const data = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: siteName,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, organization.logo),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: organization.contactType,
      url: absoluteUrl(siteUrl, "/contact"),
    },
  };
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
