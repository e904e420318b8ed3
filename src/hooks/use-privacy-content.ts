import { graphql, useStaticQuery } from "gatsby";

/** content/privacy.md's frontmatter and body HTML (decision 0017). @throws Error without a PrivacyPage node or body HTML */
export function usePrivacyContent() {
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
