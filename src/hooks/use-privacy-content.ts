import { graphql, useStaticQuery } from "gatsby";

/** content/privacy.md as the page renders it: the frontmatter, and the body as HTML (the query's generated type). */
export type PrivacyPageData = NonNullable<Queries.PrivacyContentQuery["privacyPage"]> & {
  body: { html: string };
};

/**
 * Privacy page content (docs/decisions/0017-privacy-page-from-markdown.md): frontmatter and body HTML.
 * @throws Error when the build made no PrivacyPage node or body HTML
 */
export function usePrivacyContent(): PrivacyPageData {
  const { privacyPage } = useStaticQuery<Queries.PrivacyContentQuery>(graphql`
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
  const html = privacyPage?.body.html;
  if (!privacyPage || html == null) {
    throw new Error(
      "No PrivacyPage node with a rendered body: gatsby-node creates it from content/privacy.md",
    );
  }
  return { ...privacyPage, body: { html } };
}
