/**
 * The "Book a time now" link: BOOKING_URL prefilled by the `name` and `email` parameters Cal.com and Calendly
 * document, plus the lead's reference (docs/decisions/0023-booking-link.md).
 */
import { BOOKING_REFERENCE_KEY } from "./booking-reference";

/** `base` with `name`, `email` and `reference` set (a space as %20); without `prospect`, only the reference. */
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
