import * as React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { Layout } from "../components/layout/layout";
import { PrivacyPolicy } from "../components/privacy/privacy-policy";
import { Seo } from "../components/seo";
import { usePrivacyContent } from "../hooks/use-privacy-content";

/** Privacy (`/privacy`): content/privacy.md, its markdown body rendered at build time. */
export default function PrivacyPage({ location }: PageProps) {
  const privacy = usePrivacyContent();
  return (
    <Layout pathname={location.pathname}>
      <PrivacyPolicy {...privacy}>
        <div dangerouslySetInnerHTML={{ __html: privacy.body.html }} />
      </PrivacyPolicy>
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo {...usePrivacyContent().seo} pathname={location.pathname} />
);
