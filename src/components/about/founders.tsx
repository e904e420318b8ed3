import * as React from "react";
import type { AboutPageData } from "../../hooks/use-about-content";
import { Section } from "../ui/section";
import { SectionHeading } from "../ui/section-heading";

type FoundersProps = Pick<AboutPageData, "foundersHeading" | "founders">;

/** The two founders with role and bio. */
export function Founders({ foundersHeading, founders }: FoundersProps) {
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
