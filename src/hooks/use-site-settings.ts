import { graphql, useStaticQuery } from "gatsby";

export type SiteSettings = NonNullable<Queries.SiteSettingsQuery["siteSettings"]> & { siteUrl: string };

/** content/site.json plus `siteUrl` (no trailing slash). @throws Error without a SiteSettings node or siteUrl */
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
      }
    }
  `);
  const siteUrl = site?.siteMetadata?.siteUrl;
  if (!siteSettings || siteUrl == null) {
    throw new Error("No SiteSettings node or siteUrl: gatsby-node and gatsby-config provide them");
  }
  return { ...siteSettings, siteUrl };
}
