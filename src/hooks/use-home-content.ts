import { graphql, useStaticQuery } from "gatsby";

export type HomePageData = NonNullable<Queries.HomeContentQuery["homePage"]>;

/** content/home.md, the screenshot as responsive image data up to 960 px wide. @throws Error without a HomePage node */
export function useHomeContent(): HomePageData {
  const { homePage } = useStaticQuery<Queries.HomeContentQuery>(graphql`
    query HomeContent {
      homePage {
        seo {
          title
          description
        }
        hero {
          eyebrow
          headline
          subhead
          cta
        }
        benefitsHeading
        benefits {
          title
          body
        }
        copilot {
          eyebrow
          heading
          body
          points
          cta
          screenshot {
            alt
            image {
              childImageSharp {
                # 240-1200 px, sized per breakpoint (full width minus 2 x 16 px padding; half the 1152 px
                # container from lg), so a phone downloads the nearest (docs/requirements.md#performance-budget).
                gatsbyImageData(
                  layout: CONSTRAINED
                  width: 960
                  outputPixelDensities: [0.25, 0.5, 0.75, 1, 1.25]
                  sizes: "(min-width: 1184px) 556px, (min-width: 1024px) calc(50vw - 36px), calc(100vw - 32px)"
                  formats: [AUTO, WEBP, AVIF]
                )
              }
            }
          }
        }
        claimsHeading
        claims {
          figure
          text
          note
        }
        closing {
          heading
          body
          cta
        }
      }
    }
  `);
  if (!homePage) throw new Error("No HomePage node: gatsby-node creates it from content/home.md");
  return homePage;
}
