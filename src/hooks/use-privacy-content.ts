import { graphql, useStaticQuery } from "gatsby";

/**
 * content/privacy.md's frontmatter and body HTML (decision 0017), and `hubspot`, the heading and HTML of
 * content/privacy-hubspot.md, null unless the build sourced it (while the HubSpot plugin is on; decision 0049).
 * @throws Error without a PrivacyPage node or body HTML
 */
export function usePrivacyContent() {
  const { privacyPage, hubspotSection } = useStaticQuery<Queries.PrivacyContentQuery>(graphql`
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
      hubspotSection: markdownRemark(fileAbsolutePath: { glob: "**/content/privacy-hubspot.md" }) {
        html
        frontmatter {
          title
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
  const heading = hubspotSection?.frontmatter?.title;
  const section = hubspotSection?.html;
  const hubspot = heading && section ? { heading, html: section } : null;
  return { ...privacyPage, body: { html }, hubspot };
}
