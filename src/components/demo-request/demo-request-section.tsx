import * as React from "react";
import { AssertiveAnnouncer } from "./assertive-announcer";
import type { CollectionNoticeTexts } from "./collection-notice";
import { DemoRequestForm } from "./demo-request-form";
import { SiteToaster } from "./site-toaster";

/**
 * The Request a Demo section of /contact: the form and the toaster that shows its result.
 * The page supplies the 'Request a Demo' heading and the collection notice's texts.
 */
export function DemoRequestSection({ notice }: { notice: CollectionNoticeTexts }) {
  return (
    <section aria-label="Demo request form" className="mt-10 w-full">
      <DemoRequestForm notice={notice} />
      <SiteToaster />
      <AssertiveAnnouncer />
    </section>
  );
}
