import * as React from "react";

/** The site logo (inline SVG mark + name) linking home; `alt` is the link's accessible name. */
export function Logo({ siteName, alt }: { siteName: string; alt: string }) {
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
