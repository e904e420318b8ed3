import * as React from "react";
import type { HomePageData } from "../../hooks/use-home-content";
import { CtaLink } from "../ui/cta-link";
import { Section } from "../ui/section";

type HeroProps = { hero: HomePageData["hero"] };

/** Home hero: headline (the page's h1), subhead and the REQUEST A DEMO button. */
export function Hero({ hero }: HeroProps) {
  return (
    <Section labelledBy="hero-heading" className="bg-slate-900 text-white sm:py-28">
      <p className="text-sm font-semibold tracking-wide text-amber-400 uppercase">{hero.eyebrow}</p>
      <h1 id="hero-heading" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
        {hero.headline}
      </h1>
      <p className="mt-6 max-w-2xl text-lg text-slate-200">{hero.subhead}</p>
      <CtaLink size="lg" className="mt-8">
        {hero.cta}
      </CtaLink>
    </Section>
  );
}
