import * as React from "react";
import type { PrivacyContent } from "../../lib/content/schemas";
import { PROSE_LINK_CLASS } from "../demo-request/collection-notice";

// Typography for the rendered markdown body: bare elements styled from the wrapper, AA in both themes.
const PROSE_CLASS = [
  "text-base leading-7 text-slate-700 dark:text-slate-300",
  "[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-white",
  "[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2",
  "[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white",
  "[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:underline-offset-4 [&_a]:hover:text-blue-900",
  "dark:[&_a]:text-sky-300 dark:[&_a]:hover:text-sky-200",
].join(" ");

type PrivacyPolicyProps = {
  title: string;
  lastUpdated: PrivacyContent["lastUpdated"];
  requests: PrivacyContent["requests"];
  children: React.ReactNode; // the rendered markdown body
  /** The HubSpot section's heading and rendered markdown, when the build names HubSpot (decision 0049); else none. */
  hubspot?: { heading: string; html: string } | null;
};

const DATE_FORMAT = new Intl.DateTimeFormat("en-AU", { dateStyle: "long", timeZone: "UTC" });

/** "2026-11-23" -> "23 November 2026"; a date still being typed stays as it is. */
export function formatDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : DATE_FORMAT.format(parsed);
}

/**
 * The privacy page (docs/decisions/0017-privacy-page-from-markdown.md): title, date, markdown body, the HubSpot
 * section when given (docs/decisions/0049-hubspot-plugin.md), and how to make requests.
 */
export function PrivacyPolicy({ title, lastUpdated, requests, children, hubspot }: PrivacyPolicyProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        {lastUpdated.label} <time dateTime={lastUpdated.date}>{formatDate(lastUpdated.date)}</time>
      </p>
      <div className={`mt-6 ${PROSE_CLASS}`}>{children}</div>
      {hubspot && (
        <section aria-labelledby="privacy-hubspot" className={PROSE_CLASS}>
          <h2 id="privacy-hubspot">{hubspot.heading}</h2>
          <div dangerouslySetInnerHTML={{ __html: hubspot.html }} />
        </section>
      )}
      <section
        aria-labelledby="privacy-requests"
        className="mt-12 rounded-lg border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="privacy-requests" className="text-2xl font-bold tracking-tight">
          {requests.heading}
        </h2>
        <p className="mt-4 leading-7 text-slate-700 dark:text-slate-300">{requests.body}</p>
        <p className="mt-4">
          <a href={`mailto:${requests.email}`} className={PROSE_LINK_CLASS}>
            {requests.email}
          </a>
        </p>
      </section>
    </article>
  );
}
