import { graphql, useStaticQuery } from "gatsby";
import type { PrivacyContent } from "../lib/content/schemas";

/** content/privacy.md as the page renders it: the frontmatter, and the body as HTML. */
export type PrivacyPageData = Omit<PrivacyContent, "body"> & { body: { html: string } };

/**
 * Privacy page content (issue 15).
 * @returns the validated frontmatter of content/privacy.md, and its markdown body rendered to
 *   HTML by gatsby-transformer-remark (the build refuses raw HTML in it)
 */
export function usePrivacyContent(): PrivacyPageData {
  const data = useStaticQuery<{ privacyPage: PrivacyPageData }>(graphql`
    query PrivacyContent {
      privacyPage {
        seo {
          title
          description
        }
        title
        lastUpdated {
          label
          date
        }
        requests {
          heading
          body
          email
        }
        body {
          html
        }
      }
    }
  `);
  return data.privacyPage;
}
