import { graphql, useStaticQuery } from "gatsby";

/** Site-wide texts from content/site.json plus the canonical base URL (no trailing slash). */
export type SiteSettings = NonNullable<Queries.SiteSettingsQuery["siteSettings"]> & { siteUrl: string };

/** Validated content/site.json plus `siteUrl`. @throws Error when the build has no SiteSettings node or siteUrl */
export function useSiteSettings(): SiteSettings {
  const { site, siteSettings } = useStaticQuery<Queries.SiteSettingsQuery>(graphql`
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
  const siteUrl = site?.siteMetadata?.siteUrl;
  if (!siteSettings || siteUrl == null) {
    throw new Error("No SiteSettings node or siteUrl: gatsby-node and gatsby-config provide them");
  }
  return { ...siteSettings, siteUrl };
}
