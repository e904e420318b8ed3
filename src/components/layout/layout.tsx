import * as React from "react";
import { useSiteSettings } from "../../hooks/use-site-settings";
import { Footer } from "./footer";
import { Header } from "./header";

type LayoutProps = { pathname: string; children: React.ReactNode };

/** The id of `<main>`: the skip link's target, and where the first paint may start (gatsby-ssr.tsx). */
export const MAIN_ID = "main";

/** Shared page frame: skip link (first focusable element), header, main content, footer. */
export function Layout({ pathname, children }: LayoutProps) {
  const settings = useSiteSettings();
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-amber-400 px-4 py-2 font-semibold text-slate-950 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {settings.skipLink}
      </a>
      <Header settings={settings} pathname={pathname} />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer settings={settings} />
    </div>
  );
}
