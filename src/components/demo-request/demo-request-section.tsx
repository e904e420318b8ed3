import * as React from "react";

/** PLACEHOLDER: the Request a Demo form (issue 3) replaces this section. */
export function DemoRequestSection() {
  return (
    <section aria-label="Demo request form" data-placeholder="demo-request-form">
      <p>The demo request form will appear here.</p>
    </section>
  );
}
