import * as React from "react";
import { AssertiveAnnouncer } from "./assertive-announcer";
import type { CollectionNoticeTexts } from "./collection-notice";
import { DemoRequestForm } from "./demo-request-form";
import { SiteToaster } from "./site-toaster";

/** The form and its toaster; the page supplies the heading and the collection notice's texts. */
export function DemoRequestSection({ notice }: { notice: CollectionNoticeTexts }) {
  return (
    <section aria-label="Demo request form" className="mt-10 w-full">
      <DemoRequestForm notice={notice} />
      <SiteToaster />
      <AssertiveAnnouncer />
    </section>
  );
}
