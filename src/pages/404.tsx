import * as React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { Layout } from "../components/layout/layout";
import { Seo } from "../components/seo";
import { useSiteSettings } from "../hooks/use-site-settings";
import { notFoundLogScript } from "../lib/inline-scripts";

/** Any unknown path (spec section 2): served as public/404.html with status 404; its only script logs the path (decision 0014). */
export default function NotFoundPage({ location }: PageProps) {
  const { notFound } = useSiteSettings();
  return (
    <Layout pathname={location.pathname}>
      <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-8xl font-bold tracking-tight">{notFound.code}</h1>
        <p className="mt-4 text-xl text-slate-700 dark:text-slate-300">{notFound.message}</p>
        <a
          href="/"
          className="mt-8 font-semibold text-blue-700 underline underline-offset-4 hover:text-blue-900 dark:text-sky-300"
        >
          {notFound.homeLink}
        </a>
        <script dangerouslySetInnerHTML={{ __html: notFoundLogScript }} />
      </div>
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo {...useSiteSettings().notFound.seo} pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
