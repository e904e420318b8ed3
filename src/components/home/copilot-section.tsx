import * as React from "react";
import type { HomePageData } from "../../hooks/use-home-content";
import { CtaLink } from "../ui/cta-link";
import { ResponsivePicture } from "../ui/responsive-picture";
import { Section } from "../ui/section";
import { SectionHeading } from "../ui/section-heading";

type CopilotSectionProps = { copilot: HomePageData["copilot"] };

/** The Technical Co-Pilot pitch with its screenshot (lazy: below the fold) and SEE IT IN ACTION. */
export function CopilotSection({ copilot }: CopilotSectionProps) {
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
