import * as React from "react";

type LogoProps = {
  siteName: string;
  /** Accessible name of the link, e.g. "Resources AI home". */
  alt: string;
};

/** The site logo (inline SVG mark + name) linking to the home page. */
export function Logo({ siteName, alt }: LogoProps) {
  return (
    <a href="/" aria-label={alt} className="inline-flex items-center gap-2 font-bold tracking-tight">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" className="fill-slate-900 dark:fill-amber-400" />
        <path
          d="M6 24 13 10l4 8 3-5 6 11Z"
          className="fill-amber-400 dark:fill-slate-950"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg">{siteName}</span>
    </a>
  );
}
