/** The home page's sections (spec sections 1 and 2), from content/home.md; also the editor's preview. */
import * as React from "react";
import type { HomePageData } from "../../hooks/use-home-content";
import { CtaLink } from "../ui/cta-link";
import { ResponsivePicture } from "../ui/responsive-picture";
import { Section, SectionHeading } from "../ui/section";

/** Home hero: headline (the page's h1), subhead and the REQUEST A DEMO button. */
export function Hero({ hero }: Pick<HomePageData, "hero">) {
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

/** The three benefit columns: Improve Decisions, Enhance Productivity & Safety, Unlock Revenue. */
export function Benefits({ benefitsHeading, benefits }: Pick<HomePageData, "benefitsHeading" | "benefits">) {
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

/** The Technical Co-Pilot pitch with its screenshot (lazy: below the fold) and SEE IT IN ACTION. */
export function CopilotSection({ copilot }: Pick<HomePageData, "copilot">) {
  const image = copilot.screenshot.image?.childImageSharp?.gatsbyImageData;
  return (
    <Section labelledBy="copilot-heading" className="bg-slate-50 dark:bg-slate-900">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-amber-700 uppercase dark:text-amber-400">
            {copilot.eyebrow}
          </p>
          <SectionHeading id="copilot-heading" className="mt-2">
            {copilot.heading}
          </SectionHeading>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{copilot.body}</p>
          <ul className="mt-6 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
            {copilot.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <CtaLink className="mt-8 uppercase">{copilot.cta}</CtaLink>
        </div>
        {image && (
          <ResponsivePicture
            image={image}
            alt={copilot.screenshot.alt}
            loading="lazy"
            className="rounded-xl shadow-xl ring-1 ring-slate-900/10"
          />
        )}
      </div>
    </Section>
  );
}

/** The three marketing figures, worded as spec section 1 words them. */
export function Claims({ claimsHeading, claims }: Pick<HomePageData, "claimsHeading" | "claims">) {
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

/** The closing call to action at the foot of the home page. */
export function ClosingCta({ closing }: Pick<HomePageData, "closing">) {
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
