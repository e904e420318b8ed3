import * as React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { AboutIntro, Founders, Values, Vision } from "../components/about/sections";
import { Layout } from "../components/layout/layout";
import { Seo } from "../components/seo";
import { useAboutContent } from "../hooks/use-about-content";

/** About (`/about`, spec section 2): founders, vision, values; texts from content/about.md. */
export default function AboutPage({ location }: PageProps) {
  const about = useAboutContent();
  return (
    <Layout pathname={location.pathname}>
      <AboutIntro {...about} />
      <Founders {...about} />
      <Vision {...about} />
      <Values {...about} />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => <Seo {...useAboutContent().seo} pathname={location.pathname} />;
