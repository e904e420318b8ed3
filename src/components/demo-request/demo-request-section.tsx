import * as React from "react";
import { AssertiveAnnouncer } from "./assertive-announcer";
import { DemoRequestForm } from "./demo-request-form";
import { SiteToaster } from "./site-toaster";

/**
 * The Request a Demo section of /contact: the form and the toaster that shows its result.
 * The page supplies the 'Request a Demo' heading.
 */
export function DemoRequestSection() {
  return (
    <section aria-label="Demo request form" className="mt-10 w-full">
      <DemoRequestForm />
      <SiteToaster />
      <AssertiveAnnouncer />
    </section>
  );
}
