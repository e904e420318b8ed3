import * as React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { Benefits } from "../components/home/benefits";
import { Claims } from "../components/home/claims";
import { ClosingCta } from "../components/home/closing-cta";
import { CopilotSection } from "../components/home/copilot-section";
import { Hero } from "../components/home/hero";
import { Layout } from "../components/layout/layout";
import { Seo } from "../components/seo";
import { useHomeContent } from "../hooks/use-home-content";

/** Home (`/`, spec section 2): hero, benefits, Technical Co-Pilot, claims, closing CTA; texts from content/home.md. */
export default function HomePage({ location }: PageProps) {
  const home = useHomeContent();
  return (
    <Layout pathname={location.pathname}>
      <Hero hero={home.hero} />
      <Benefits benefitsHeading={home.benefitsHeading} benefits={home.benefits} />
      <CopilotSection copilot={home.copilot} />
      <Claims claimsHeading={home.claimsHeading} claims={home.claims} />
      <ClosingCta closing={home.closing} />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => {
  const { seo } = useHomeContent();
  return <Seo title={seo.title} description={seo.description} pathname={location.pathname} />;
};
