import * as React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { Layout } from "../components/layout/layout";
import { NotFound } from "../components/not-found";
import { Seo } from "../components/seo";
import { useSiteSettings } from "../hooks/use-site-settings";

/** Any unknown path (spec section 2): served as public/404.html with status 404. */
export default function NotFoundPage({ location }: PageProps) {
  const { notFound } = useSiteSettings();
  return (
    <Layout pathname={location.pathname}>
      <NotFound texts={notFound} />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo {...useSiteSettings().notFound.seo} pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
