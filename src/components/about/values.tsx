import * as React from "react";
import type { AboutPageData } from "../../hooks/use-about-content";
import { Section } from "../ui/section";
import { SectionHeading } from "../ui/section-heading";

type ValuesProps = Pick<AboutPageData, "valuesHeading" | "values">;

/** The six core values, in the spec's order (the content schema enforces it). */
export function Values({ valuesHeading, values }: ValuesProps) {
  return (
    <Section labelledBy="values-heading">
      <SectionHeading id="values-heading">{valuesHeading}</SectionHeading>
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {values.map((value) => (
          <li key={value.title} className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
            <h3 className="text-lg font-semibold">{value.title}</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{value.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
