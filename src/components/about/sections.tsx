/** The About page's sections (spec sections 1 and 2), from content/about.md; also the editor's preview. */
import * as React from "react";
import type { AboutPageData } from "../../hooks/use-about-content";
import { Section, SectionHeading } from "../ui/section";

/** The About page's heading (its h1) and introduction. */
export function AboutIntro({ intro }: Pick<AboutPageData, "intro">) {
  return (
    <Section labelledBy="about-heading" className="bg-slate-900 text-white">
      <h1 id="about-heading" className="text-4xl font-bold tracking-tight sm:text-5xl">
        {intro.heading}
      </h1>
      <p className="mt-6 max-w-2xl text-lg text-slate-200">{intro.body}</p>
    </Section>
  );
}

/** The two founders with role and bio. */
export function Founders({ foundersHeading, founders }: Pick<AboutPageData, "foundersHeading" | "founders">) {
  return (
    <Section labelledBy="founders-heading">
      <SectionHeading id="founders-heading">{foundersHeading}</SectionHeading>
      <ul className="mt-10 grid gap-8 md:grid-cols-2">
        {founders.map((founder) => (
          <li key={founder.name} className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
            <h3 className="text-xl font-semibold">{founder.name}</h3>
            <p className="text-sm font-medium text-amber-800 dark:text-amber-400">{founder.role}</p>
            <p className="mt-3 text-slate-700 dark:text-slate-300">{founder.bio}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The vision statement. */
export function Vision({ vision }: Pick<AboutPageData, "vision">) {
  return (
    <Section labelledBy="vision-heading" className="bg-slate-50 dark:bg-slate-900">
      <SectionHeading id="vision-heading">{vision.heading}</SectionHeading>
      <p className="mt-6 max-w-3xl border-l-4 border-amber-500 pl-6 text-2xl leading-relaxed">
        {vision.statement}
      </p>
    </Section>
  );
}

/** The six core values, in the spec's order (the content schema enforces it). */
export function Values({ valuesHeading, values }: Pick<AboutPageData, "valuesHeading" | "values">) {
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
