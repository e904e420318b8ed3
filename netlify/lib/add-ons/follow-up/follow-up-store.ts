/**
 * Follow-up records, their `unclaimed/` and `claimed/` markers, booking uid entries and digest records in the
 * lead store (docs/decisions/0029-lead-follow-up.md; prefixes in netlify/lib/kit/storage.ts). Records change
 * only with conditional writes, so the first of two simultaneous claims wins.
 */
import {
  DamagedRecordError,
  deleteUnless,
  isFreshMarker,
  jsonBlobs,
  noteOnce,
  readRecord,
  stringField,
} from "../../kit/json-blobs";
import type { JsonBlobs } from "../../kit/json-blobs";
import { hashedKeyOf, keyOf, LEAD_STORE_NAME, STORAGE } from "../../kit/storage";
import {
  followUpSchema,
  liveBookings,
  NEW_FOLLOW_UP,
  type ActionResult,
  type FollowUp,
} from "./follow-up-record";

/** The prefixes of a followed-up lead's keys, each followed by its id: its record, then its markers. */
export const FOLLOW_UP_PREFIXES = [STORAGE.followUp.prefix, STORAGE.unclaimed.prefix, STORAGE.claimed.prefix];
const bookingKey = (uid: string) => hashedKeyOf("bookingUids", uid);
const DIGEST_KEPT_MS = 7 * 24 * 3_600_000;
const MAX_CONFLICTS = 5;
type MarkerKind = "unclaimed" | "claimed";

/** Deletes follow-up keys whose lead is gone, keeping markers under two minutes old; resolves with the count. */
export async function pruneOrphanFollowUps(
  blobs: JsonBlobs,
  leadIds: ReadonlySet<string>,
  now: Date,
): Promise<number> {
  let deleted = await deleteUnless(blobs, STORAGE.bookingUids.prefix, async (key) => {
    const leadId = await stringField(blobs, key, "leadId");
    return leadId !== undefined && leadIds.has(leadId);
  });
  for (const prefix of FOLLOW_UP_PREFIXES) {
    deleted += await deleteUnless(
      blobs,
      prefix,
      async (key) =>
        leadIds.has(key.slice(prefix.length)) ||
        (prefix !== STORAGE.followUp.prefix && (await isFreshMarker(blobs, key, now))),
    );
  }
  return deleted;
}

/** Deletes the uid entries of lead `id`'s live bookings; call before its record goes. A damaged record's are pruned. */
export async function removeBookingEntries(blobs: JsonBlobs, id: string) {
  const read = await readRecord(blobs, keyOf("followUp", id), followUpSchema);
  for (const booking of "found" in read ? liveBookings(read.found) : [])
    await blobs.delete(bookingKey(booking.uid));
}

/**
 * The follow-up store over `blobs` (the lead store as JsonBlobs); every method may throw when it is down. `get` and
 * `update` throw DamagedRecordError for a record that fails its schema: only a missing record reads as new, so a
 * damaged one is neither reminded of again nor claimed afresh.
 */
export function createFollowUpStore(blobs: JsonBlobs = jsonBlobs(LEAD_STORE_NAME)) {
  const recordKey = (id: string) => keyOf("followUp", id);
  const read = async (id: string) => {
    const stored = await readRecord(blobs, recordKey(id), followUpSchema);
    if ("damaged" in stored) throw new DamagedRecordError(recordKey(id));
    return "found" in stored
      ? { etag: stored.etag, current: stored.found }
      : { current: { ...NEW_FOLLOW_UP } };
  };
  return {
    async markUnclaimed(id: string, since: string) {
      await blobs.setJSON(keyOf("unclaimed", id), { since });
    },
    async get(id: string) {
      return (await read(id)).current;
    },
    /** Changes the record with a conditional write, retrying conflicts; `reason` says why nothing changed. */
    async update(id: string, change: (current: FollowUp) => ActionResult) {
      for (let tries = 0; tries < MAX_CONFLICTS; tries += 1) {
        const { etag, current } = await read(id);
        const result = change(current);
        if (!result.ok) return { changed: false as const, followUp: current, reason: result.reason };
        const condition = etag ? { onlyIfMatch: etag } : { onlyIfNew: true as const };
        if (await blobs.setJSON(recordKey(id), result.followUp, condition)) {
          return { changed: true as const, followUp: result.followUp, before: current };
        }
      }
      throw new Error(`follow-up record of ${id} kept changing; not written`);
    },
    /** The ids of the leads with a follow-up record or marker. */
    async tracked(): Promise<ReadonlySet<string>> {
      const keys = await Promise.all(FOLLOW_UP_PREFIXES.map((prefix) => blobs.keys(prefix)));
      return new Set(keys.flatMap((list, i) => list.map((key) => key.slice(FOLLOW_UP_PREFIXES[i].length))));
    },
    async markerIds(kind: MarkerKind) {
      return (await blobs.keys(STORAGE[kind].prefix)).map((key) => key.slice(STORAGE[kind].prefix.length));
    },
    markerSince: (kind: MarkerKind, id: string) => stringField(blobs, keyOf(kind, id), "since"),
    /** Moves `id`'s marker to match `followUp`; "retire" removes both. */
    async syncMarkers(id: string, followUp: FollowUp | "retire", since: string) {
      const state = followUp === "retire" ? "retired" : followUp.state;
      const wanted = state === "new" ? "unclaimed" : state === "claimed" ? "claimed" : null;
      // The new marker first: a failure in between leaves the lead found twice, never lost.
      if (wanted) await blobs.setJSON(keyOf(wanted, id), { since });
      for (const kind of ["unclaimed", "claimed"] as const) {
        if (kind !== wanted) await blobs.delete(keyOf(kind, id));
      }
    },
    leadOfBooking: (uid: string) => stringField(blobs, bookingKey(uid), "leadId"),
    async indexBooking(uid: string, leadId: string | null) {
      if (leadId) await blobs.setJSON(bookingKey(uid), { leadId });
      else await blobs.delete(bookingKey(uid));
    },
    async remove(id: string) {
      await removeBookingEntries(blobs, id);
      for (const prefix of FOLLOW_UP_PREFIXES) await blobs.delete(`${prefix}${id}`);
    },
    /** Records `date`'s digest; false when it was recorded already. */
    recordDigest: (date: string, at: Date) => noteOnce(blobs, keyOf("digests", date), at, DIGEST_KEPT_MS),
    forgetDigest: (date: string) => blobs.delete(keyOf("digests", date)),
  };
}

export type FollowUpStore = ReturnType<typeof createFollowUpStore>;
