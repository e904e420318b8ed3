import { graphql, useStaticQuery } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import type { HomeContent } from "../lib/content/schemas";

type Copilot = HomeContent["copilot"];

/** content/home.md, with the screenshot resolved to responsive image data. */
export type HomePageData = Omit<HomeContent, "copilot"> & {
  copilot: Omit<Copilot, "screenshot"> & {
    screenshot: {
      alt: string;
      image: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
    };
  };
};

/**
 * Home page content.
 * @returns the validated frontmatter of content/home.md; the screenshot at up to 960 px
 *   wide in AVIF/WebP/original, with width and height so it takes its space before loading
 */
export function useHomeContent(): HomePageData {
  const data = useStaticQuery<{ homePage: HomePageData }>(graphql`
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
                gatsbyImageData(layout: CONSTRAINED, width: 960, formats: [AUTO, WEBP, AVIF])
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
  return data.homePage;
}
