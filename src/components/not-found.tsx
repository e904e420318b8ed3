import * as React from "react";
import type { SiteSettings } from "../hooks/use-site-settings";
import { notFoundLogScript } from "../lib/inline-scripts";

/** The not-found screen (spec section 2); its only script logs the requested path (decision 0014). */
export function NotFound({ texts }: { texts: SiteSettings["notFound"] }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-8xl font-bold tracking-tight">{texts.code}</h1>
      <p className="mt-4 text-xl text-slate-700 dark:text-slate-300">{texts.message}</p>
      <a
        href="/"
        className="mt-8 font-semibold text-blue-700 underline underline-offset-4 hover:text-blue-900 dark:text-sky-300"
      >
        {texts.homeLink}
      </a>
      <script dangerouslySetInnerHTML={{ __html: notFoundLogScript }} />
    </div>
  );
}
