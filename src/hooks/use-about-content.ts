import { graphql, useStaticQuery } from "gatsby";

/** content/about.md as the About page reads it (the query's generated type). */
export type AboutPageData = NonNullable<Queries.AboutContentQuery["aboutPage"]>;

/**
 * About page content.
 * @returns the validated frontmatter of content/about.md: founders, vision, six values
 * @throws Error when the build created no AboutPage node (gatsby-node always does, or fails)
 */
export function useAboutContent(): AboutPageData {
  const { aboutPage } = useStaticQuery<Queries.AboutContentQuery>(graphql`
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
  if (!aboutPage) throw new Error("No AboutPage node: gatsby-node creates it from content/about.md");
  return aboutPage;
}
