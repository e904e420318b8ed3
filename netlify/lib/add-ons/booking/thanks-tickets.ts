/**
 * One-time tickets for the prefilled thanks page (docs/decisions/0023-booking-link.md): stored as a hash, redeemed
 * once with `onlyIfMatch`, within TICKET_TTL_MS; prefix in netlify/lib/kit/storage.ts. No cookie is set.
 */
import { createHash, randomBytes } from "node:crypto";
import { jsonBlobs, type JsonBlobs } from "../../kit/json-blobs";
import { keyOf, LEAD_STORE_NAME } from "../../kit/storage";

export const TICKET_TTL_MS = 10 * 60_000;

const TICKET = /^[A-Za-z0-9_-]{43}$/;

interface TicketEntry {
  leadId: string;
  expiresAt: string;
  usedAt?: string;
}

const ticketKey = (ticket: string) => keyOf("tickets", createHash("sha256").update(ticket).digest("hex"));

/** Tickets over `blobs`; `redeem` is true once for an unexpired ticket of `leadId`, false otherwise. */
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

export type ThanksTickets = ReturnType<typeof createThanksTickets>;
