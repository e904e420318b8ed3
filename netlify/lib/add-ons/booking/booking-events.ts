/**
 * Booking events already applied (docs/decisions/0030-slack-and-booking-loop.md): Cal.com signs no timestamp,
 * so each event is applied once per uid and trigger instead; prefix in netlify/lib/kit/storage.ts.
 */
import { createHash } from "node:crypto";
import { deleteExpired, type JsonBlobs } from "../../kit/json-blobs";
import { keyOf, STORAGE } from "../../kit/storage";

const KEPT_MS = 30 * 24 * 3_600_000;

const eventKey = (trigger: string, uid: string) =>
  keyOf("bookingEvents", createHash("sha256").update(`${trigger}:${uid}`).digest("hex"));

/** Whether `trigger` for booking `uid` was applied already. May throw. */
export async function wasApplied(blobs: JsonBlobs, trigger: string, uid: string): Promise<boolean> {
  return (await blobs.getWithEtag(eventKey(trigger, uid))) !== null;
}

/** Notes `trigger` for booking `uid` as applied at `at`. May throw. */
export async function noteApplied(blobs: JsonBlobs, trigger: string, uid: string, at: Date): Promise<void> {
  const expiresAt = new Date(at.getTime() + KEPT_MS).toISOString();
  await blobs.setJSON(eventKey(trigger, uid), { at: at.toISOString(), expiresAt }, { onlyIfNew: true });
}

/** Deletes the notes past their 30 days; resolves with how many. May throw. */
export function pruneBookingEvents(blobs: JsonBlobs, now: Date): Promise<number> {
  return deleteExpired(blobs, STORAGE.bookingEvents.prefix, now);
}
