/**
 * One-time tickets for the thanks page with the prefilled booking link
 * (docs/requirements.md#spam-defence, decision docs/decisions/0023-booking-link.md). After a demo
 * request posted without JavaScript, the function's 303 carries a fresh ticket
 * (`/contact/thanks/<lead id>?ticket=<t>`); only the browser that followed that redirect can show
 * the link prefilled with the name and e-mail it typed, once, within TICKET_TTL_MS. The lead id
 * alone (the reference in the confirmation e-mail) opens nothing. No cookie is set.
 *
 * Kept in the Blobs store `demo-requests` as `tickets/<SHA-256 of the ticket>`:
 * `{ leadId, expiresAt, usedAt? }`; the ticket itself is never stored. Redeeming writes `usedAt`
 * with `onlyIfMatch`, so of two simultaneous redeems one wins. The daily retention run deletes
 * expired tickets (`pruneThanksTickets`). The prefix is declared in netlify/lib/kit/storage.ts
 * (docs/decisions/0034-core-and-add-ons.md).
 */
import { createHash, randomBytes } from "node:crypto";
import { deleteExpired, jsonBlobs, type JsonBlobs } from "../../kit/json-blobs";
import { keyOf, LEAD_STORE_NAME, STORAGE } from "../../kit/storage";

/** How long a ticket can be redeemed after the redirect that carries it: 10 minutes. */
export const TICKET_TTL_MS = 10 * 60_000;

const TICKET = /^[A-Za-z0-9_-]{43}$/;

export interface ThanksTickets {
  /** A new ticket for `leadId`, valid from `now` for TICKET_TTL_MS; may throw when the store is down. */
  issue(leadId: string, now: Date): Promise<string>;
  /**
   * True once for a ticket issued for `leadId`, unexpired at `now` and not redeemed before; false
   * for anything else (malformed, unknown, another lead's, expired, used). May throw.
   */
  redeem(ticket: string, leadId: string, now: Date): Promise<boolean>;
}

interface TicketEntry {
  leadId: string;
  expiresAt: string;
  usedAt?: string;
}

const ticketKey = (ticket: string) => keyOf("tickets", createHash("sha256").update(ticket).digest("hex"));

/** Tickets over `blobs` (by default the `demo-requests` store, strongly consistent). */
export function createThanksTickets(blobs: JsonBlobs = jsonBlobs(LEAD_STORE_NAME)): ThanksTickets {
  return {
    async issue(leadId, now) {
      const ticket = randomBytes(32).toString("base64url");
      const entry: TicketEntry = { leadId, expiresAt: new Date(now.getTime() + TICKET_TTL_MS).toISOString() };
      await blobs.setJSON(ticketKey(ticket), entry, { onlyIfNew: true });
      return ticket;
    },
    async redeem(ticket, leadId, now) {
      if (!TICKET.test(ticket)) return false;
      const found = await blobs.getWithEtag(ticketKey(ticket));
      const entry = found?.data as TicketEntry | undefined;
      if (!found?.etag || !entry || entry.leadId !== leadId || entry.usedAt) return false;
      if (now.getTime() > Date.parse(entry.expiresAt)) return false;
      return blobs.setJSON(
        ticketKey(ticket),
        { ...entry, usedAt: now.toISOString() },
        { onlyIfMatch: found.etag },
      );
    },
  };
}

/** Deletes the tickets expired at `now`. Resolves with how many; may throw. */
export function pruneThanksTickets(blobs: JsonBlobs, now: Date): Promise<number> {
  return deleteExpired(blobs, STORAGE.tickets.prefix, now);
}
