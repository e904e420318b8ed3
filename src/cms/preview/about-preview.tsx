import * as React from "react";
import { AboutIntro } from "../../components/about/about-intro";
import { Founders } from "../../components/about/founders";
import { Values } from "../../components/about/values";
import { Vision } from "../../components/about/vision";
import type { AboutContent } from "../../lib/content/schemas";
import { entryData, list, type PreviewEntry } from "./entry-data";
import { PreviewBoundary } from "./preview-boundary";
import { useDevStyles } from "./use-dev-styles";

/** Live preview of content/about.md with the About page's own section components. */
export function AboutPreview({ entry, document }: { entry: PreviewEntry; document?: Document }) {
  useDevStyles(document);
  const about = entryData<AboutContent>(entry);
  const founders = list(about.founders) as AboutContent["founders"];
  const values = list(about.values) as AboutContent["values"];
  return (
    <main>
      <PreviewBoundary name="introduction" key={`intro-${JSON.stringify(about.intro)}`}>
        <AboutIntro intro={about.intro ?? { heading: "", body: "" }} />
      </PreviewBoundary>
      <PreviewBoundary name="founders" key={`founders-${JSON.stringify(founders)}`}>
        <Founders foundersHeading={about.foundersHeading ?? ""} founders={founders} />
      </PreviewBoundary>
      <PreviewBoundary name="vision" key={`vision-${JSON.stringify(about.vision)}`}>
        <Vision vision={about.vision ?? { heading: "", statement: "" }} />
      </PreviewBoundary>
      <PreviewBoundary name="values" key={`values-${JSON.stringify(values)}`}>
        <Values valuesHeading={about.valuesHeading ?? ""} values={values} />
      </PreviewBoundary>
    </main>
  );
}
