/**
 * The booking link add-on (docs/decisions/0023-booking-link.md, docs/decisions/0034-core-and-add-ons.md): the
 * prefilled booking page with the lead's sealed reference, and a one-time ticket for the no-JS thanks page.
 */
import type { AddOn } from "../../core/add-on";
import type { BookingOffer } from "../../core/demo-request/respond";
import { errorName, logError } from "../../kit/log";
import { bookingReference, prefilledBookingUrl } from "./booking-reference";
import type { ThanksTickets } from "./thanks-tickets";

/** The add-on offering `bookingUrl` (BOOKING_URL) under references sealed with `formSecret`. */
export function bookingAddOn(
  settings: { bookingUrl: string; formSecret: string },
  tickets: () => ThanksTickets,
): AddOn {
  return {
    name: "booking link",
    async answerExtras({ leadId, request, format, now }) {
      const reference = bookingReference(leadId, settings.formSecret);
      const offer: BookingOffer = { url: prefilledBookingUrl(settings.bookingUrl, request, reference) };
      if (format !== "html") return offer;
      try {
        offer.ticket = await tickets().issue(leadId, now);
      } catch (error) {
        logError("thanks-page ticket not stored; the thanks page offers the plain booking link", {
          requestId: leadId,
          reason: errorName(error),
        });
      }
      return offer;
    },
  };
}
