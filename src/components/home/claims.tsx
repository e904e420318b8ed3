import * as React from "react";
import type { HomePageData } from "../../hooks/use-home-content";
import { Section } from "../ui/section";
import { SectionHeading } from "../ui/section-heading";

type ClaimsProps = Pick<HomePageData, "claimsHeading" | "claims">;

/** The three marketing figures, worded as spec section 1 words them. */
export function Claims({ claimsHeading, claims }: ClaimsProps) {
  return (
    <Section labelledBy="claims-heading">
      <SectionHeading id="claims-heading">{claimsHeading}</SectionHeading>
      <dl className="mt-10 grid gap-8 md:grid-cols-3">
        {claims.map((claim) => (
          <div key={claim.figure} className="border-l-4 border-amber-500 pl-4">
            <dt className="text-3xl font-bold text-slate-950 dark:text-white">{claim.figure}</dt>
            <dd className="mt-2 text-slate-700 dark:text-slate-300">
              {claim.text}
              {claim.note && <span className="mt-1 block text-sm">{claim.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
