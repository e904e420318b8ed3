/**
 * Follow-up records (`followup/<id>`), their `unclaimed/` and `claimed/` markers, booking uid entries and
 * digest records, in the lead store (docs/decisions/0029-lead-follow-up.md; prefixes in netlify/lib/kit/storage.ts).
 * Records change only with conditional writes, so the first of two simultaneous claims wins.
 */
import { createHash } from "node:crypto";
import { deleteExpired, type JsonBlobs } from "../../kit/json-blobs";
import { keyOf, STORAGE } from "../../kit/storage";
import { liveBookings, NEW_FOLLOW_UP, type ActionResult, type FollowUp } from "./follow-up-record";

export const FOLLOW_UP_PREFIX = STORAGE.followUp.prefix;
export const UNCLAIMED_PREFIX = STORAGE.unclaimed.prefix;
export const CLAIMED_PREFIX = STORAGE.claimed.prefix;
const bookingKey = (uid: string) => keyOf("bookingUids", createHash("sha256").update(uid).digest("hex"));
/** Long enough that no run sends a day's digest twice. */
const DIGEST_KEPT_MS = 7 * 24 * 3_600_000;

/** Every key the follow-up of lead `id` may use, for erasure and retention. */
export function followUpKeys(id: string): string[] {
  return [FOLLOW_UP_PREFIX, UNCLAIMED_PREFIX, CLAIMED_PREFIX].map((prefix) => `${prefix}${id}`);
}

const MAX_CONFLICTS = 5;

export interface FollowUpChange {
  changed: boolean;
  followUp: FollowUp;
  reason?: string;
}

export interface FollowUpStore {
  markUnclaimed(id: string, since: string): Promise<void>;
  /** The lead's record, `NEW_FOLLOW_UP` when it has none. */
  get(id: string): Promise<FollowUp>;
  /** Changes the record with a conditional write, retrying conflicts, and moves its marker; may throw. */
  update(id: string, change: (current: FollowUp) => ActionResult): Promise<FollowUpChange>;
  markerIds(kind: "unclaimed" | "claimed"): Promise<string[]>;
  markerSince(kind: "unclaimed" | "claimed", id: string): Promise<string | undefined>;
  /** Moves `id`'s marker to match `followUp`; "retire" removes both. */
  syncMarkers(id: string, followUp: FollowUp | "retire", since: string): Promise<void>;
  leadOfBooking(uid: string): Promise<string | undefined>;
  indexBooking(uid: string, leadId: string | null): Promise<void>;
  remove(id: string): Promise<void>;
  /** Records `date`'s digest; false when it was recorded already. */
  recordDigest(date: string, at: Date): Promise<boolean>;
  /** Forgets `date`'s digest (not sent), so a later run sends it. */
  forgetDigest(date: string): Promise<void>;
}

const markerKey = (kind: "unclaimed" | "claimed", id: string) =>
  `${kind === "unclaimed" ? UNCLAIMED_PREFIX : CLAIMED_PREFIX}${id}`;

/** Deletes the digest records past their week; resolves with how many. */
export function pruneDigests(blobs: JsonBlobs, now: Date): Promise<number> {
  return deleteExpired(blobs, STORAGE.digests.prefix, now);
}

/** The lead store writes the marker just before the lead. */
const MARKER_GRACE_MS = 2 * 60_000;

/** Deletes follow-up keys whose lead is gone, keeping markers under two minutes old; resolves with the count. */
export async function pruneOrphanFollowUps(
  blobs: JsonBlobs,
  leadIds: ReadonlySet<string>,
  now: Date,
): Promise<number> {
  let deleted = 0;
  for (const key of await blobs.keys(STORAGE.bookingUids.prefix)) {
    const leadId = ((await blobs.getWithEtag(key))?.data as { leadId?: unknown } | undefined)?.leadId;
    if (typeof leadId === "string" && leadIds.has(leadId)) continue;
    await blobs.delete(key);
    deleted += 1;
  }
  for (const prefix of [FOLLOW_UP_PREFIX, UNCLAIMED_PREFIX, CLAIMED_PREFIX]) {
    for (const key of await blobs.keys(prefix)) {
      if (leadIds.has(key.slice(prefix.length))) continue;
      if (prefix !== FOLLOW_UP_PREFIX) {
        const since = ((await blobs.getWithEtag(key))?.data as { since?: unknown } | undefined)?.since;
        if (typeof since === "string" && now.getTime() - Date.parse(since) < MARKER_GRACE_MS) continue;
      }
      await blobs.delete(key);
      deleted += 1;
    }
  }
  return deleted;
}

/** Deletes the uid entries of lead `id`'s live bookings; call before its record goes. */
export async function removeBookingEntries(blobs: JsonBlobs, id: string): Promise<void> {
  const found = (await blobs.getWithEtag(keyOf("followUp", id)))?.data as FollowUp | undefined;
  for (const booking of found ? liveBookings(found) : []) await blobs.delete(bookingKey(booking.uid));
}

/** A FollowUpStore over `blobs` (the lead store `demo-requests` as JsonBlobs). */
export function createFollowUpStore(blobs: JsonBlobs): FollowUpStore {
  const recordKey = (id: string) => keyOf("followUp", id);
  async function syncMarkers(id: string, followUp: FollowUp | "retire", since: string) {
    const state = followUp === "retire" ? "retired" : followUp.state;
    const wanted = state === "new" ? "unclaimed" : state === "claimed" ? "claimed" : null;
    // The new marker first: a failure in between leaves the lead found twice, never lost.
    if (wanted) await blobs.setJSON(markerKey(wanted, id), { since });
    for (const kind of ["unclaimed", "claimed"] as const) {
      if (kind !== wanted) await blobs.delete(markerKey(kind, id));
    }
  }
  return {
    async markUnclaimed(id, since) {
      await blobs.setJSON(markerKey("unclaimed", id), { since });
    },
    async get(id) {
      const found = await blobs.getWithEtag(recordKey(id));
      return (found?.data as FollowUp | undefined) ?? { ...NEW_FOLLOW_UP };
    },
    async update(id, change) {
      for (let tries = 0; tries < MAX_CONFLICTS; tries += 1) {
        const found = await blobs.getWithEtag(recordKey(id));
        const current = (found?.data as FollowUp | undefined) ?? { ...NEW_FOLLOW_UP };
        const result = change(current);
        if (!result.ok) return { changed: false, followUp: current, reason: result.reason };
        const condition = found?.etag ? { onlyIfMatch: found.etag } : { onlyIfNew: true as const };
        if (await blobs.setJSON(recordKey(id), result.followUp, condition)) {
          return { changed: true, followUp: result.followUp };
        }
      }
      throw new Error(`follow-up record of ${id} kept changing; not written`);
    },
    async markerIds(kind) {
      const prefix = kind === "unclaimed" ? UNCLAIMED_PREFIX : CLAIMED_PREFIX;
      return (await blobs.keys(prefix)).map((key) => key.slice(prefix.length));
    },
    async markerSince(kind, id) {
      const data = (await blobs.getWithEtag(markerKey(kind, id)))?.data as { since?: unknown } | undefined;
      return typeof data?.since === "string" ? data.since : undefined;
    },
    syncMarkers,
    async leadOfBooking(uid) {
      const data = (await blobs.getWithEtag(bookingKey(uid)))?.data as { leadId?: unknown } | undefined;
      return typeof data?.leadId === "string" ? data.leadId : undefined;
    },
    async indexBooking(uid, leadId) {
      if (leadId) await blobs.setJSON(bookingKey(uid), { leadId });
      else await blobs.delete(bookingKey(uid));
    },
    async remove(id) {
      await removeBookingEntries(blobs, id);
      for (const key of followUpKeys(id)) await blobs.delete(key);
    },
    async recordDigest(date, at) {
      const expiresAt = new Date(at.getTime() + DIGEST_KEPT_MS).toISOString();
      return blobs.setJSON(keyOf("digests", date), { at: at.toISOString(), expiresAt }, { onlyIfNew: true });
    },
    forgetDigest: (date) => blobs.delete(keyOf("digests", date)),
  };
}
