import * as React from "react";
import type { AboutPageData } from "../../hooks/use-about-content";
import { Section } from "../ui/section";

type AboutIntroProps = { intro: AboutPageData["intro"] };

/** The About page's heading (its h1) and introduction. */
export function AboutIntro({ intro }: AboutIntroProps) {
  return (
    <Section labelledBy="about-heading" className="bg-slate-900 text-white">
      <h1 id="about-heading" className="text-4xl font-bold tracking-tight sm:text-5xl">
        {intro.heading}
      </h1>
      <p className="mt-6 max-w-2xl text-lg text-slate-200">{intro.body}</p>
    </Section>
  );
}
