import * as React from "react";
import { Link } from "gatsby";
import type { SiteSettings } from "../hooks/use-site-settings";

type NotFoundProps = {
  texts: SiteSettings["notFound"];
  /** The path the visitor asked for; logged so broken links show up in the console. */
  pathname: string;
};

/** The not-found screen: a large 404, 'Oops! Page not found', and 'Return to Home' (spec section 2). */
export function NotFound({ texts, pathname }: NotFoundProps) {
  React.useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-8xl font-bold tracking-tight">{texts.code}</h1>
      <p className="mt-4 text-xl text-slate-700 dark:text-slate-300">{texts.message}</p>
      <Link
        to="/"
        className="mt-8 font-semibold text-blue-700 underline underline-offset-4 hover:text-blue-900 dark:text-sky-300"
      >
        {texts.homeLink}
      </Link>
    </div>
  );
}
