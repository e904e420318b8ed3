import * as React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { Layout } from "../../components/layout/layout";
import { Seo } from "../../components/seo";
import { DEMO_REQUEST_TOASTS } from "../../components/demo-request/site-toaster";

const THANKS_TEXT = DEMO_REQUEST_TOASTS.success;

/** /contact/thanks: where a no-JS form post lands (303); with JavaScript a toast shows instead. */
export default function ContactThanksPage({ location }: PageProps) {
  return (
    <Layout pathname={location.pathname}>
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight">{THANKS_TEXT.title}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{THANKS_TEXT.description}</p>
        <a
          href="/"
          className="mt-8 inline-block font-semibold text-blue-700 underline underline-offset-4 hover:text-blue-900 dark:text-sky-300"
        >
          Return to Home
        </a>
      </div>
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo title={THANKS_TEXT.title} description={THANKS_TEXT.description} pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
