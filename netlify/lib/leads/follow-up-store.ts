/**
 * The follow-up records and their markers (docs/requirements.md#follow-up,
 * docs/decisions/0029-lead-follow-up.md), in the lead store `demo-requests` beside the leads:
 *
 * - `followup/<id>`: the lead's follow-up record (leads/follow-up-record.ts), absent until someone
 *   acts on the lead or a reminder is recorded; created with `onlyIfNew` and changed only with
 *   `onlyIfMatch`, so the lead's own writes (the request, the retry job) never touch it and the
 *   first of two simultaneous claims wins.
 * - `unclaimed/<id>` and `claimed/<id>`: a marker `{ since }` (when the lead arrived) while the lead
 *   is `new`, then while it is `claimed`; the follow-up job lists these prefixes, so it reads only
 *   the leads still waiting for a person. The lead store writes the first marker before the lead
 *   (leads/lead-store.ts); a marker that disagrees with its record is moved by the job.
 * - `digests/<date>`: that day's suspected-spam digest was sent (`{ at, expiresAt }`), kept a week
 *   and then pruned by the retention job (`pruneDigests`).
 */
import { deleteExpired, type JsonBlobs } from "../json-blobs";
import { NEW_FOLLOW_UP, type ActionResult, type FollowUp } from "./follow-up-record";

export const FOLLOW_UP_PREFIX = "followup/";
export const UNCLAIMED_PREFIX = "unclaimed/";
export const CLAIMED_PREFIX = "claimed/";
const DIGEST_PREFIX = "digests/";
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
  /** Lead ids with a marker of that kind, and the marker's `since`. May throw. */
  markers(kind: "unclaimed" | "claimed"): Promise<{ id: string; since: string | undefined }[]>;
  /** Moves `id`'s marker to match `followUp` (one marker for `new` or `claimed`, none after). */
  syncMarkers(id: string, followUp: FollowUp, since: string): Promise<void>;
  /** Deletes the lead's record and markers. */
  remove(id: string): Promise<void>;
  /** Records `date`'s digest; false when it was recorded already. May throw. */
  recordDigest(date: string, at: Date): Promise<boolean>;
}

const markerKey = (kind: "unclaimed" | "claimed", id: string) =>
  `${kind === "unclaimed" ? UNCLAIMED_PREFIX : CLAIMED_PREFIX}${id}`;

/** Deletes the digest records past their week (the retention job); resolves with how many. May throw. */
export function pruneDigests(blobs: JsonBlobs, now: Date): Promise<number> {
  return deleteExpired(blobs, DIGEST_PREFIX, now);
}

/** A FollowUpStore over `blobs` (the lead store `demo-requests` as JsonBlobs). */
export function createFollowUpStore(blobs: JsonBlobs): FollowUpStore {
  const recordKey = (id: string) => `${FOLLOW_UP_PREFIX}${id}`;
  async function syncMarkers(id: string, followUp: FollowUp, since: string) {
    const wanted = followUp.state === "new" ? "unclaimed" : followUp.state === "claimed" ? "claimed" : null;
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
    async markers(kind) {
      const prefix = kind === "unclaimed" ? UNCLAIMED_PREFIX : CLAIMED_PREFIX;
      const keys = await blobs.keys(prefix);
      return Promise.all(
        keys.map(async (key) => {
          const data = (await blobs.getWithEtag(key))?.data as { since?: unknown } | undefined;
          return {
            id: key.slice(prefix.length),
            since: typeof data?.since === "string" ? data.since : undefined,
          };
        }),
      );
    },
    syncMarkers,
    async remove(id) {
      for (const key of followUpKeys(id)) await blobs.delete(key);
    },
    async recordDigest(date, at) {
      const expiresAt = new Date(at.getTime() + DIGEST_KEPT_MS).toISOString();
      return blobs.setJSON(
        `${DIGEST_PREFIX}${date}`,
        { at: at.toISOString(), expiresAt },
        { onlyIfNew: true },
      );
    },
  };
}
