import { graphql, useStaticQuery } from "gatsby";
import type { SiteContent } from "../lib/content/schemas";

/** Site-wide texts from content/site.json plus the canonical base URL (no trailing slash). */
export type SiteSettings = SiteContent & { siteUrl: string };

type SiteSettingsQuery = {
  siteSettings: SiteContent;
  site: { siteMetadata: { siteUrl: string } };
};

/**
 * Site settings for the layout, SEO and the contact and 404 pages.
 * @returns content/site.json as validated at build time, with `siteUrl` from gatsby-config
 */
export function useSiteSettings(): SiteSettings {
  const data = useStaticQuery<SiteSettingsQuery>(graphql`
    query SiteSettings {
      site {
        siteMetadata {
          siteUrl
        }
      }
      siteSettings {
        siteName
        tagline
        logoAlt
        skipLink
        nav {
          label
          home
          about
          contact
          openMenu
          closeMenu
        }
        theme {
          label
          light
          dark
          system
        }
        cta {
          requestDemo
          startPilot
          requestPilot
          seeItInAction
          requestADemo
        }
        footer {
          talkToUs
          contact
          rights
          privacy
        }
        contact {
          seo {
            title
            description
          }
          title
          intro
          notice {
            text
            link
          }
        }
        notFound {
          seo {
            title
            description
          }
          code
          message
          homeLink
        }
        shareImage {
          src
          alt
        }
        organization {
          logo
          contactType
        }
      }
    }
  `);
  return { ...data.siteSettings, siteUrl: data.site.siteMetadata.siteUrl };
}
