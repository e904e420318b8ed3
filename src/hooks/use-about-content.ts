import { graphql, useStaticQuery } from "gatsby";

export type AboutPageData = NonNullable<Queries.AboutContentQuery["aboutPage"]>;

/** content/about.md, validated by the build. @throws Error when the build made no AboutPage node */
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
