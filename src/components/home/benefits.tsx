import * as React from "react";
import type { HomePageData } from "../../hooks/use-home-content";
import { Section } from "../ui/section";
import { SectionHeading } from "../ui/section-heading";

type BenefitsProps = Pick<HomePageData, "benefitsHeading" | "benefits">;

/** The three benefit columns: Improve Decisions, Enhance Productivity & Safety, Unlock Revenue. */
export function Benefits({ benefitsHeading, benefits }: BenefitsProps) {
  return (
    <Section labelledBy="benefits-heading">
      <SectionHeading id="benefits-heading">{benefitsHeading}</SectionHeading>
      <ul className="mt-10 grid gap-8 md:grid-cols-3">
        {benefits.map((benefit) => (
          <li
            key={benefit.title}
            className="rounded-lg border border-slate-200 p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 className="text-xl font-semibold">{benefit.title}</h3>
            <p className="mt-3 text-slate-700 dark:text-slate-300">{benefit.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
