import * as React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { AboutIntro } from "../components/about/about-intro";
import { Founders } from "../components/about/founders";
import { Values } from "../components/about/values";
import { Vision } from "../components/about/vision";
import { Layout } from "../components/layout/layout";
import { Seo } from "../components/seo";
import { useAboutContent } from "../hooks/use-about-content";

/** About (`/about`, spec section 2): founders, vision, values; texts from content/about.md. */
export default function AboutPage({ location }: PageProps) {
  const about = useAboutContent();
  return (
    <Layout pathname={location.pathname}>
      <AboutIntro intro={about.intro} />
      <Founders foundersHeading={about.foundersHeading} founders={about.founders} />
      <Vision vision={about.vision} />
      <Values valuesHeading={about.valuesHeading} values={about.values} />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => {
  const { seo } = useAboutContent();
  return <Seo title={seo.title} description={seo.description} pathname={location.pathname} />;
};
