import * as React from "react";

const linkClass =
  "shrink-0 rounded-sm font-semibold whitespace-nowrap underline underline-offset-4 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current";

/** "Book a time now" in the success toast: a plain link to the booking page in a new tab (decision 0023). */
export function BookingLink({ href }: { href: string }) {
  return (
    <>
      {/* noopener only (decision 0023): the Referrer-Policy already limits the referrer to our origin. */}
      {/* eslint-disable-next-line react/jsx-no-target-blank */}
      <a
        href={href}
        target="_blank"
        rel="noopener"
        aria-describedby="booking-link-note"
        className={linkClass}
      >
        Book a time now
      </a>
      <span id="booking-link-note" hidden>
        Opens in a new tab
      </span>
    </>
  );
}
