/**
 * The follow-up records and their markers (docs/requirements.md#follow-up,
 * docs/decisions/0029-lead-follow-up.md), in the lead store `demo-requests` beside the leads:
 *
 * - `followup/<id>`: the lead's follow-up record (add-ons/follow-up/follow-up-record.ts), absent until someone
 *   acts on the lead or a reminder is recorded; created with `onlyIfNew` and changed only with
 *   `onlyIfMatch`, so the lead's own writes (the request, the retry job) never touch it and the
 *   first of two simultaneous claims wins.
 * - `unclaimed/<id>` and `claimed/<id>`: a marker `{ since }` (when the lead arrived) while the lead
 *   is `new`, then while it is `claimed`; the follow-up job lists these prefixes, so it reads only
 *   the leads still waiting for a person. The lead store writes the first marker before the lead
 *   (core/leads/lead-store.ts); a marker that disagrees with its record is moved by the job.
 * - `booking-uids/<SHA-256 of the uid>`: `{ leadId }` for each live booking
 *   (docs/decisions/0032-bookings-by-uid.md), so a later event finds its booking by uid, never by
 *   inbox; removed with the booking or the lead, and pruned with orphans.
 * - `digests/<date>`: that day's suspected-spam digest was sent (`{ at, expiresAt }`), kept a week
 *   and then pruned by the retention job (`pruneDigests`).
 *
 * The prefixes and their retention are declared in netlify/lib/kit/storage.ts
 * (docs/decisions/0034-core-and-add-ons.md).
 */
import { createHash } from "node:crypto";
import { deleteExpired, type JsonBlobs } from "../../kit/json-blobs";
import { keyOf, STORAGE } from "../../kit/storage";
import { liveBookings, NEW_FOLLOW_UP, type ActionResult, type FollowUp } from "./follow-up-record";

// Also listed by `npm run leads:report`.
export const FOLLOW_UP_PREFIX = STORAGE.followUp.prefix;
export const UNCLAIMED_PREFIX = STORAGE.unclaimed.prefix;
export const CLAIMED_PREFIX = STORAGE.claimed.prefix;
const bookingKey = (uid: string) => keyOf("bookingUids", createHash("sha256").update(uid).digest("hex"));
/** How long a digest's record is kept: long enough that no run sends that day's digest twice. */
const DIGEST_KEPT_MS = 7 * 24 * 3_600_000;

/** Every key the follow-up of lead `id` may use, for erasure and retention. */
export function followUpKeys(id: string): string[] {
  return [FOLLOW_UP_PREFIX, UNCLAIMED_PREFIX, CLAIMED_PREFIX].map((prefix) => `${prefix}${id}`);
}

/** A record change that lost the race this many times in a row gives up (throws). */
const MAX_CONFLICTS = 5;

/** A change's outcome: whether it was written, the record as stored after it, and why not. */
export interface FollowUpChange {
  changed: boolean;
  followUp: FollowUp;
  reason?: string;
}

export interface FollowUpStore {
  /** Marks `id` as unclaimed since `since` (ISO time). May throw. */
  markUnclaimed(id: string, since: string): Promise<void>;
  /** The lead's record, `NEW_FOLLOW_UP` when it has none. May throw. */
  get(id: string): Promise<FollowUp>;
  /**
   * Reads the record, asks `change` for the next one (an ActionResult; `ok: false` changes
   * nothing) and writes it only if nobody wrote in between, reading again after a conflict.
   * Moves the lead's marker to match. Throws when the store fails or after repeated conflicts.
   */
  update(id: string, change: (current: FollowUp) => ActionResult): Promise<FollowUpChange>;
  /** Lead ids with a marker of that kind (one listing, nothing read). May throw. */
  markerIds(kind: "unclaimed" | "claimed"): Promise<string[]>;
  /** When the lead of `id`'s marker of that kind arrived (ISO time), or undefined. May throw. */
  markerSince(kind: "unclaimed" | "claimed", id: string): Promise<string | undefined>;
  /**
   * Moves `id`'s marker to match `followUp` (one marker for `new` or `claimed`, none after);
   * with "retire", removes both: nothing more can be due (netlify/lib/add-ons/follow-up/reminders.ts).
   */
  syncMarkers(id: string, followUp: FollowUp | "retire", since: string): Promise<void>;
  /** The id of the lead holding live booking `uid`, or undefined. May throw. */
  leadOfBooking(uid: string): Promise<string | undefined>;
  /** Records that lead `leadId` holds booking `uid`, or with `leadId` null that nobody does. May throw. */
  indexBooking(uid: string, leadId: string | null): Promise<void>;
  /** Deletes the lead's record, markers and its bookings' uid entries. */
  remove(id: string): Promise<void>;
  /** Records `date`'s digest; false when it was recorded already. May throw. */
  recordDigest(date: string, at: Date): Promise<boolean>;
  /** Forgets `date`'s digest (it could not be sent), so a later run sends it. May throw. */
  forgetDigest(date: string): Promise<void>;
}

const markerKey = (kind: "unclaimed" | "claimed", id: string) =>
  `${kind === "unclaimed" ? UNCLAIMED_PREFIX : CLAIMED_PREFIX}${id}`;

/** Deletes the digest records past their week (the retention job); resolves with how many. May throw. */
export function pruneDigests(blobs: JsonBlobs, now: Date): Promise<number> {
  return deleteExpired(blobs, STORAGE.digests.prefix, now);
}

/** How long a marker may wait for its lead: the lead store writes the marker just before the lead. */
const MARKER_GRACE_MS = 2 * 60_000;

/**
 * Deletes follow-up records, markers and booking uid entries whose lead is gone (`leadIds` is every stored lead's id):
 * what a claim or a reminder wrote while its lead was being erased. A marker younger than two
 * minutes is kept (its lead may be on its way). For the daily retention job; resolves with how
 * many keys it deleted. May throw.
 */
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

/**
 * Deletes the uid entries of lead `id`'s live bookings, found through its follow-up record (so
 * before that record is deleted). For `remove` and `LeadStore.remove`. May throw.
 */
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
