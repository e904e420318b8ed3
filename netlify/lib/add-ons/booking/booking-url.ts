/**
 * The "Book a time now" link (docs/requirements.md#speed-to-lead; docs/decisions/0023-booking-link.md):
 * BOOKING_URL (a Cal.com or Calendly booking page) with the prospect's name and e-mail in the `name` and
 * `email` query parameters both services document for prefilling. Which URLs may be the booking page is
 * checked with the add-on's settings (settings.ts `isAllowedBookingUrl`). The link offered right after a request
 * also carries the lead's opaque reference (`metadata[leadRef]`, add-ons/booking/booking-reference.ts), which Cal.com
 * passes to its webhook, so the booking marks the lead booked (docs/decisions/0030-slack-and-booking-loop.md).
 */
import { BOOKING_REFERENCE_KEY } from "./booking-reference";

/**
 * `base` with `name` ("First Last") and `email` set, every other parameter and the fragment kept,
 * values percent-encoded (a space as %20, which both services decode; `+` would be ambiguous),
 * e.g. `https://cal.com/acme/demo?name=Jane%20Driller&email=jane%40acme.com`; with `reference`, also
 * `metadata%5BleadRef%5D=<reference>`. Without `prospect` (the confirmation e-mail, which carries
 * nothing the visitor typed) only the reference is added.
 */
export function prefilledBookingUrl(
  base: string,
  prospect: { firstName: string; lastName: string; email: string } | undefined,
  reference?: string,
): string {
  const url = new URL(base);
  if (prospect) {
    url.searchParams.set("name", `${prospect.firstName} ${prospect.lastName}`);
    url.searchParams.set("email", prospect.email);
  }
  if (reference) url.searchParams.set(`metadata[${BOOKING_REFERENCE_KEY}]`, reference);
  // URLSearchParams writes a space as "+", and a literal "+" as "%2B", so every "+" left is a space.
  url.search = url.searchParams.toString().replace(/\+/g, "%20");
  return url.toString();
}
