/** Live previews of the content files with the pages' own section components (docs/requirements.md#content-editing). */
import * as React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { AboutIntro, Founders, Values, Vision } from "../../components/about/sections";
import { ErrorBoundary } from "../../components/error-boundary";
import { Benefits, Claims, ClosingCta, CopilotSection, Hero } from "../../components/home/sections";
import { PrivacyPolicy } from "../../components/privacy/privacy-policy";
import type { HomePageData } from "../../hooks/use-home-content";
import type { AboutContent, HomeContent, PrivacyContent } from "../../lib/content/schemas";

/** The part of Decap's entry (an Immutable.js Map) the preview templates read. */
export type PreviewEntry = { getIn(path: string[]): { toJS(): unknown } | undefined };

// Fields may be missing while an editor types; `{}` before the entry loads.
function entryData<T>(entry: PreviewEntry): Partial<T> {
  return entry.getIn(["data"])?.toJS() ?? {};
}

function list<T>(value: T[] | undefined | null): T[] {
  return Array.isArray(value) ? value : [];
}

// Under `gatsby develop` the preview iframe gets no cms.css: copy the site's injected <style> tags into it.
function useDevStyles(previewDocument: Document | undefined): void {
  React.useEffect(() => {
    if (process.env.NODE_ENV !== "development") return undefined;
    if (!previewDocument || previewDocument === document) return undefined;
    const copies = Array.from(document.querySelectorAll("style"), (style) => style.cloneNode(true));
    for (const copy of copies) previewDocument.head.appendChild(copy);
    return () => copies.forEach((copy) => previewDocument.head.removeChild(copy));
  }, [previewDocument]);
}

type PreviewPart = { name: string; data: unknown; element: React.ReactNode };

/** The sections, each behind its own boundary keyed by its data, so typing retries a failed one; a note replaces a failed one. */
function Preview({ parts, document }: { parts: PreviewPart[]; document?: Document }) {
  useDevStyles(document);
  return (
    <main>
      {parts.map(({ name, data, element }) => (
        <ErrorBoundary
          key={`${name}:${JSON.stringify(data)}`}
          fallback={
            // Only classes the public pages use: a new one would change the site's stylesheet.
            <p role="status" className="mx-auto max-w-2xl rounded-md bg-slate-100 p-4 text-sm text-red-800">
              The {name} section cannot be previewed until its required fields are filled in.
            </p>
          }
        >
          {element}
        </ErrorBoundary>
      ))}
    </main>
  );
}

type HomePreviewProps = {
  entry: PreviewEntry;
  /** Decap's asset resolver: "images/x.png" to a URL the preview can load. */
  getAsset: (path: string) => { toString(): string } | undefined;
  document?: Document;
};

function copilotFor(
  home: Partial<HomeContent>,
  getAsset: HomePreviewProps["getAsset"],
): HomePageData["copilot"] {
  const { screenshot, ...copilot } = home.copilot ?? ({} as Partial<HomeContent["copilot"]>);
  const url = screenshot?.src ? getAsset(screenshot.src)?.toString() : undefined;
  // The editor's copy of the file; with only its URL, the placeholder assumes the screenshot's 3:2 shape.
  const gatsbyImageData: IGatsbyImageData | undefined = url
    ? {
        layout: "constrained",
        width: 1200,
        height: 800,
        images: { fallback: { src: url } },
      }
    : undefined;
  return {
    eyebrow: copilot.eyebrow ?? "",
    heading: copilot.heading ?? "Technical Co-Pilot",
    body: copilot.body ?? "",
    points: list(copilot.points),
    cta: copilot.cta ?? "See it in action",
    screenshot: {
      alt: screenshot?.alt ?? "",
      image: gatsbyImageData ? { childImageSharp: { gatsbyImageData } } : null,
    },
  };
}

/** Live preview of content/home.md. */
export function HomePreview({ entry, getAsset, document }: HomePreviewProps) {
  const home = entryData<HomeContent>(entry);
  const benefits = list(home.benefits) as HomeContent["benefits"];
  // A claim without a note is null in the GraphQL data the section is written for.
  const claims = list(home.claims).map((claim) => ({ ...claim, note: claim.note ?? null }));
  const copilot = copilotFor(home, getAsset);
  const hero = home.hero ?? { eyebrow: "", headline: "", subhead: "", cta: "REQUEST A DEMO" };
  const closing = home.closing ?? { heading: "", body: "", cta: "REQUEST A DEMO" };
  const benefitsHeading = home.benefitsHeading ?? "";
  const claimsHeading = home.claimsHeading ?? "";
  const parts = [
    { name: "hero", data: home.hero, element: <Hero hero={hero} /> },
    { name: "benefits", data: benefits, element: <Benefits {...{ benefitsHeading, benefits }} /> },
    { name: "Technical Co-Pilot", data: copilot, element: <CopilotSection copilot={copilot} /> },
    { name: "claims", data: claims, element: <Claims {...{ claimsHeading, claims }} /> },
    { name: "closing", data: home.closing, element: <ClosingCta closing={closing} /> },
  ];
  return <Preview parts={parts} document={document} />;
}

/** Live preview of content/about.md. */
export function AboutPreview({ entry, document }: { entry: PreviewEntry; document?: Document }) {
  const about = entryData<AboutContent>(entry);
  const founders = list(about.founders) as AboutContent["founders"];
  const values = list(about.values) as AboutContent["values"];
  const intro = about.intro ?? { heading: "", body: "" };
  const vision = about.vision ?? { heading: "", statement: "" };
  const foundersHeading = about.foundersHeading ?? "";
  const valuesHeading = about.valuesHeading ?? "";
  const parts = [
    { name: "introduction", data: about.intro, element: <AboutIntro intro={intro} /> },
    { name: "founders", data: founders, element: <Founders {...{ foundersHeading, founders }} /> },
    { name: "vision", data: about.vision, element: <Vision vision={vision} /> },
    { name: "values", data: values, element: <Values {...{ valuesHeading, values }} /> },
  ];
  return <Preview parts={parts} document={document} />;
}

type PrivacyPreviewProps = {
  entry: PreviewEntry;
  /** Decap's renderer of a field's preview; for `body` it renders the markdown. */
  widgetFor: (name: string) => React.ReactNode;
  document?: Document;
};

/** Live preview of content/privacy.md, its body rendered by Decap. */
export function PrivacyPreview({ entry, widgetFor, document }: PrivacyPreviewProps) {
  const privacy = entryData<PrivacyContent>(entry);
  const element = (
    <PrivacyPolicy
      title={privacy.title ?? ""}
      lastUpdated={privacy.lastUpdated ?? { label: "", date: "" }}
      requests={privacy.requests ?? { heading: "", body: "", email: "" }}
    >
      {widgetFor("body")}
    </PrivacyPolicy>
  );
  return <Preview parts={[{ name: "privacy policy", data: privacy, element }]} document={document} />;
}
