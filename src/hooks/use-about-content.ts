import { graphql, useStaticQuery } from "gatsby";
import type { AboutContent } from "../lib/content/schemas";

/**
 * About page content.
 * @returns the validated frontmatter of content/about.md: founders, vision, six values
 */
export function useAboutContent(): AboutContent {
  const data = useStaticQuery<{ aboutPage: AboutContent }>(graphql`
    query AboutContent {
      aboutPage {
        seo {
          title
          description
        }
        intro {
          heading
          body
        }
        foundersHeading
        founders {
          name
          role
          bio
        }
        vision {
          heading
          statement
        }
        valuesHeading
        values {
          title
          description
        }
      }
    }
  `);
  return data.aboutPage;
}
