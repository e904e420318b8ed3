/**
 * The "Book a time now" link (docs/requirements.md#speed-to-lead; docs/decisions/0023-booking-link.md):
 * BOOKING_URL (a Cal.com or Calendly booking page) with the prospect's name and e-mail in the `name` and
 * `email` query parameters both services document for prefilling. Which URLs may be the booking page is
 * checked with the configuration (config.ts `isAllowedBookingUrl`).
 */

/**
 * `base` with `name` ("First Last") and `email` set, every other parameter and the fragment kept,
 * values percent-encoded (a space as %20, which both services decode; `+` would be ambiguous),
 * e.g. `https://cal.com/acme/demo?name=Jane%20Driller&email=jane%40acme.com`.
 */
export function prefilledBookingUrl(
  base: string,
  prospect: { firstName: string; lastName: string; email: string },
): string {
  const url = new URL(base);
  url.searchParams.set("name", `${prospect.firstName} ${prospect.lastName}`);
  url.searchParams.set("email", prospect.email);
  // URLSearchParams writes a space as "+", and a literal "+" as "%2B", so every "+" left is a space.
  url.search = url.searchParams.toString().replace(/\+/g, "%20");
  return url.toString();
}
