import * as React from "react";
import type { AboutPageData } from "../../hooks/use-about-content";
import { Section } from "../ui/section";
import { SectionHeading } from "../ui/section-heading";

type VisionProps = { vision: AboutPageData["vision"] };

/** The vision statement. */
export function Vision({ vision }: VisionProps) {
  return (
    <Section labelledBy="vision-heading" className="bg-slate-50 dark:bg-slate-900">
      <SectionHeading id="vision-heading">{vision.heading}</SectionHeading>
      <p className="mt-6 max-w-3xl border-l-4 border-amber-500 pl-6 text-2xl leading-relaxed">
        {vision.statement}
      </p>
    </Section>
  );
}
