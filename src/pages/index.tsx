import * as React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { Benefits, Claims, ClosingCta, CopilotSection, Hero } from "../components/home/sections";
import { Layout } from "../components/layout/layout";
import { Seo } from "../components/seo";
import { useHomeContent } from "../hooks/use-home-content";

/** Home (`/`, spec section 2): hero, benefits, Technical Co-Pilot, claims, closing CTA; texts from content/home.md. */
export default function HomePage({ location }: PageProps) {
  const home = useHomeContent();
  return (
    <Layout pathname={location.pathname}>
      <Hero {...home} />
      <Benefits {...home} />
      <CopilotSection {...home} />
      <Claims {...home} />
      <ClosingCta {...home} />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => <Seo {...useHomeContent().seo} pathname={location.pathname} />;
