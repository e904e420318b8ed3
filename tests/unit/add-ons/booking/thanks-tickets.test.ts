/**
 * @jest-environment node
 */
// The thanks page's one-time tickets (netlify/lib/add-ons/booking/add-on.ts): redeemed once, for
// their own lead, within TICKET_TTL_MS; the ticket itself is never stored; expired ones pruned.
import { createThanksTickets, TICKET_TTL_MS } from "../../../../netlify/lib/add-ons/booking/add-on";
import { deleteExpired, type JsonBlobs } from "../../../../netlify/lib/kit/json-blobs";
import { STORAGE } from "../../../../netlify/lib/kit/storage";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { silenceConsole } from "../../../helpers/console";

const LEAD = "3f2b9c1e-8d4a-4e7f-9b6c-2a1d0e5f7c8b";
const OTHER = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const AT = new Date("2026-11-24T10:00:00.000Z");
const after = (ms: number) => new Date(AT.getTime() + ms);
// The daily retention run prunes the tickets by their storage rule.
const pruneThanksTickets = (blobs: JsonBlobs, now: Date) => deleteExpired(blobs, STORAGE.tickets.prefix, now);

test("a ticket is redeemed once, for its own lead, before it expires", async () => {
  const tickets = createThanksTickets(createMemoryBlobs());
  const ticket = await tickets.issue(LEAD, AT);
  expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await tickets.redeem(ticket, OTHER, after(1000))).toBe(false);
  expect(await tickets.redeem(ticket, LEAD, after(1000))).toBe(true);
  expect(await tickets.redeem(ticket, LEAD, after(2000))).toBe(false);
});

test("an expired, made-up or malformed ticket redeems nothing", async () => {
  const tickets = createThanksTickets(createMemoryBlobs());
  const ticket = await tickets.issue(LEAD, AT);
  expect(await tickets.redeem(ticket, LEAD, after(TICKET_TTL_MS + 1))).toBe(false);
  expect(await tickets.redeem("A".repeat(43), LEAD, AT)).toBe(false);
  expect(await tickets.redeem("../../leads/x", LEAD, AT)).toBe(false);
});

test("the store holds a digest, never the ticket; expired tickets are pruned", async () => {
  const blobs = createMemoryBlobs();
  const tickets = createThanksTickets(blobs);
  const old = await tickets.issue(LEAD, AT);
  const fresh = await tickets.issue(OTHER, after(TICKET_TTL_MS));
  expect(JSON.stringify([...blobs.entries])).not.toContain(old);
  expect(await pruneThanksTickets(blobs, after(TICKET_TTL_MS + 1000))).toBe(1);
  expect(await tickets.redeem(fresh, OTHER, after(TICKET_TTL_MS + 1000))).toBe(true);
});

test("a damaged ticket record is logged and redeems nothing", async () => {
  const blobs = createMemoryBlobs();
  const tickets = createThanksTickets(blobs);
  const ticket = await tickets.issue(LEAD, AT);
  const [key] = blobs.entries.keys();
  await blobs.setJSON(key, { leadId: LEAD, expiresAt: 0 });
  const errors = silenceConsole();
  expect(await tickets.redeem(ticket, LEAD, after(1000))).toBe(false);
  expect(errors.text()).toContain(
    `DAMAGED RECORD: a stored record fails its schema; it is skipped {"key":"${key}"}`,
  );
});
