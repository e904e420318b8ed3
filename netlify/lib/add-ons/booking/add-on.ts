/**
 * The booking link add-on (docs/decisions/0023-booking-link.md, docs/decisions/0034-core-and-add-ons.md): the
 * prefilled booking page with the lead's sealed reference, and a one-time ticket for the no-JS thanks page,
 * stored as a hash and redeemed once with `onlyIfMatch` within TICKET_TTL_MS (prefix in
 * netlify/lib/kit/storage.ts). No cookie is set.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { AddOn } from "../../core/add-on";
import type { BookingOffer } from "../../core/demo-request/edge";
import { jsonBlobs, readRecord, type JsonBlobs } from "../../kit/json-blobs";
import { errorName, logError } from "../../kit/log";
import { hashedKeyOf, LEAD_STORE_NAME } from "../../kit/storage";
import { bookingReference, prefilledBookingUrl } from "./booking-reference";

/** The add-on offering `bookingUrl` (BOOKING_URL) under references sealed with `formSecret`. */
export function bookingAddOn(
  settings: { bookingUrl: string; formSecret: string },
  tickets: () => ThanksTickets,
): AddOn {
  return {
    name: "booking link",
    bookingUrl: (leadId) =>
      prefilledBookingUrl(settings.bookingUrl, undefined, bookingReference(leadId, settings.formSecret)),
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

export const TICKET_TTL_MS = 10 * 60_000;

const TICKET = /^[A-Za-z0-9_-]{43}$/;

const ticketSchema = z.object({ leadId: z.string(), expiresAt: z.string(), usedAt: z.string().optional() });
type TicketEntry = z.infer<typeof ticketSchema>;

const ticketKey = (ticket: string) => hashedKeyOf("tickets", ticket);

/** Tickets over `blobs`; `redeem` is true once for an unexpired ticket of `leadId`, false otherwise (a damaged one logged). */
export function createThanksTickets(blobs: JsonBlobs = jsonBlobs(LEAD_STORE_NAME)) {
  return {
    async issue(leadId: string, now: Date): Promise<string> {
      const ticket = randomBytes(32).toString("base64url");
      const entry: TicketEntry = { leadId, expiresAt: new Date(now.getTime() + TICKET_TTL_MS).toISOString() };
      await blobs.setJSON(ticketKey(ticket), entry, { onlyIfNew: true });
      return ticket;
    },
    async redeem(ticket: string, leadId: string, now: Date): Promise<boolean> {
      if (!TICKET.test(ticket)) return false;
      const read = await readRecord(blobs, ticketKey(ticket), ticketSchema);
      if (!("found" in read) || !read.etag) return false;
      const { found: entry, etag } = read;
      if (entry.leadId !== leadId || entry.usedAt || now.getTime() > Date.parse(entry.expiresAt))
        return false;
      return blobs.setJSON(ticketKey(ticket), { ...entry, usedAt: now.toISOString() }, { onlyIfMatch: etag });
    },
  };
}

export type ThanksTickets = ReturnType<typeof createThanksTickets>;
