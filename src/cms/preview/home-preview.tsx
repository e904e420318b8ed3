import * as React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Benefits } from "../../components/home/benefits";
import { Claims } from "../../components/home/claims";
import { ClosingCta } from "../../components/home/closing-cta";
import { CopilotSection } from "../../components/home/copilot-section";
import { Hero } from "../../components/home/hero";
import type { HomePageData } from "../../hooks/use-home-content";
import type { HomeContent } from "../../lib/content/schemas";
import { entryData, list, type PreviewEntry } from "./entry-data";
import { PreviewBoundary } from "./preview-boundary";
import { useDevStyles } from "./use-dev-styles";

// The preview has only the image URL, so it assumes the screenshot's 3:2 shape for its placeholder.
const PREVIEW_WIDTH = 1200;
const PREVIEW_HEIGHT = 800;

type HomePreviewProps = {
  entry: PreviewEntry;
  /** Decap's asset resolver: turns "images/x.png" into a URL the preview can load. */
  getAsset: (path: string) => { toString(): string } | undefined;
  document?: Document;
};

/** The screenshot as the image data GatsbyImage takes, pointing at the editor's copy of the file. */
export function previewImage(url: string): IGatsbyImageData {
  return {
    layout: "constrained",
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    images: { fallback: { src: url } },
  };
}

function copilotFor(
  home: Partial<HomeContent>,
  getAsset: HomePreviewProps["getAsset"],
): HomePageData["copilot"] {
  const copilot = home.copilot ?? ({} as Partial<HomeContent["copilot"]>);
  const src = copilot.screenshot?.src;
  const url = src ? getAsset(src)?.toString() : undefined;
  return {
    eyebrow: copilot.eyebrow ?? "",
    heading: copilot.heading ?? "Technical Co-Pilot",
    body: copilot.body ?? "",
    points: list(copilot.points),
    cta: copilot.cta ?? "See it in action",
    screenshot: {
      alt: copilot.screenshot?.alt ?? "",
      image: url ? { childImageSharp: { gatsbyImageData: previewImage(url) } } : null,
    },
  };
}

/** Live preview of content/home.md with the home page's own section components. */
export function HomePreview({ entry, getAsset, document }: HomePreviewProps) {
  useDevStyles(document);
  const home = entryData<HomeContent>(entry);
  const benefits = list(home.benefits) as HomeContent["benefits"];
  // A claim without a note is null in the GraphQL data the section is written for.
  const claims = list(home.claims).map((claim) => ({ ...claim, note: claim.note ?? null }));
  const copilot = copilotFor(home, getAsset);
  const sections: [string, unknown, React.ReactNode][] = [
    [
      "hero",
      home.hero,
      <Hero
        key="hero"
        hero={home.hero ?? { eyebrow: "", headline: "", subhead: "", cta: "REQUEST A DEMO" }}
      />,
    ],
    [
      "benefits",
      benefits,
      <Benefits key="b" benefitsHeading={home.benefitsHeading ?? ""} benefits={benefits} />,
    ],
    ["Technical Co-Pilot", copilot, <CopilotSection key="c" copilot={copilot} />],
    ["claims", claims, <Claims key="cl" claimsHeading={home.claimsHeading ?? ""} claims={claims} />],
    [
      "closing",
      home.closing,
      <ClosingCta key="cc" closing={home.closing ?? { heading: "", body: "", cta: "REQUEST A DEMO" }} />,
    ],
  ];
  return (
    <main>
      {sections.map(([name, data, element]) => (
        <PreviewBoundary key={`${name}-${JSON.stringify(data)}`} name={name}>
          {element}
        </PreviewBoundary>
      ))}
    </main>
  );
}
