import * as React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { DemoRequestSection } from "../components/demo-request/demo-request-form";
import { Layout } from "../components/layout/layout";
import { Seo } from "../components/seo";
import { useSiteSettings } from "../hooks/use-site-settings";

/**
 * Request a Demo (`/contact`, spec section 2): the page shell around the demo-request form. The Suspense
 * boundary is for hydration only (nothing here suspends): React hydrates a server-rendered boundary after
 * the root, in steps that yield to the browser, instead of in one long task of the whole page, which kept
 * the page's blocking time over budget (docs/performance.md).
 */
export default function ContactPage({ location }: PageProps) {
  const { contact } = useSiteSettings();
  return (
    <React.Suspense>
      <Layout pathname={location.pathname}>
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h1 className="text-4xl font-bold tracking-tight">{contact.title}</h1>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{contact.intro}</p>
          <DemoRequestSection notice={contact.notice} />
        </div>
      </Layout>
    </React.Suspense>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo {...useSiteSettings().contact.seo} pathname={location.pathname} />
);
