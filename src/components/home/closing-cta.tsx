import * as React from "react";
import type { HomePageData } from "../../hooks/use-home-content";
import { CtaLink } from "../ui/cta-link";
import { Section } from "../ui/section";
import { SectionHeading } from "../ui/section-heading";

type ClosingCtaProps = { closing: HomePageData["closing"] };

/** The closing call to action at the foot of the home page. */
export function ClosingCta({ closing }: ClosingCtaProps) {
  return (
    <Section labelledBy="closing-heading" className="bg-slate-900 text-center text-white">
      <SectionHeading id="closing-heading">{closing.heading}</SectionHeading>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">{closing.body}</p>
      <CtaLink size="lg" className="mt-8">
        {closing.cta}
      </CtaLink>
    </Section>
  );
}
