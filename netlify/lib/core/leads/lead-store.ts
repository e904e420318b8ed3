/**
 * Durable capture of demo requests (docs/requirements.md#durable-capture) in the Netlify Blobs
 * store `demo-requests`.
 * This module reads and writes these keys:
 *
 * - `leads/<id>`: the lead record (netlify/lib/core/leads/lead-record.ts), written once with `onlyIfNew`,
 *   then updated as its deliveries progress.
 * - `pending/<id>`: a marker `{ since }` for every lead not yet settled, written before the lead
 *   and removed when it settles (a lead stored as `spam` at once). The retry job lists this
 *   prefix, so its cost grows with the unsettled leads, not with every lead ever stored. A
 *   marker without its lead (the lead's write failed) is removed by the job.
 * - `unclaimed/<id>`: written with the pending marker, before the lead, for every lead that is not
 *   `spam`, so the follow-up job finds it; it and the other follow-up keys (`followup/<id>`,
 *   `claimed/<id>`) belong to netlify/lib/add-ons/follow-up/follow-up-store.ts, and `remove` deletes them with
 *   the lead (docs/decisions/0029-lead-follow-up.md).
 * - `inboxes/<inbox key>/<id>`: a marker `{ since }` for every lead with an `inboxKey` (a keyed hash
 *   of its inbox, core/leads/lead-address.ts `inboxKeyOf`, never the address), written before the lead,
 *   so a booking is matched to the leads of its booker's inbox with one listing
 *   (docs/decisions/0032-bookings-by-uid.md); `remove` deletes it with the lead.
 *
 * The prefixes, and what goes with a lead, are declared in netlify/lib/kit/storage.ts.
 * Decision records: docs/decisions/0019-lead-path.md, docs/decisions/0034-core-and-add-ons.md.
 */
import { getStore } from "@netlify/blobs";
import type { JsonBlobs } from "../../kit/json-blobs";
import { keyOf, keysDeletedWithLead, LEAD_STORE_NAME, STORAGE } from "../../kit/storage";
import type { LeadRecord } from "./lead-record";
import { MalformedLeadError, parseStoredLead } from "./lead-record-schema";

// The functions and owner commands open the store by this name.
export { LEAD_STORE_NAME };
const leadKey = (id: string) => keyOf("leads", id);
const pendingKey = (id: string) => keyOf("pending", id);
const inboxKey = (key: string, id: string) => keyOf("inboxes", `${key}/${id}`);

/** What `create` did: stored it, found the id stored already, or could not reach the store. */
export type CreateResult = "created" | "exists" | "unavailable";

/** The store operations of the function, the retry job and the export. Every method but `create` may throw. */
export interface LeadStore {
  /** Marks the lead pending, then writes it unless its id is stored already. Never throws. */
  create(record: LeadRecord): Promise<CreateResult>;
  /**
   * The lead, every channel present, or null when none is stored under `id`.
   * @throws MalformedLeadError when the stored value is not a lead record (./lead-record-schema.ts); the store's error when it fails
   */
  get(id: string): Promise<LeadRecord | null>;
  update(record: LeadRecord): Promise<void>;
  /** Ids with a pending marker (one listing request per 1,000 with Blobs; nothing read). */
  pendingIds(): Promise<string[]>;
  /** When `id`'s pending marker was written (ISO 8601), or null when it has none. */
  pendingSince(id: string): Promise<string | null>;
  /** Removes `id`'s pending marker: the lead needs nothing more. */
  settle(id: string): Promise<void>;
  /** The id of every stored lead, settled or not. */
  ids(): Promise<string[]>;
  /** The ids of the leads whose `inboxKey` is `key` (one listing, nothing read). */
  idsFromInbox(key: string): Promise<string[]>;
  /**
   * Deletes the lead and what netlify/lib/kit/storage.ts says goes with it: its markers, inbox
   * entry and follow-up record (erasure and retention, docs/requirements.md#personal-data). Its
   * booking uid entries go with erasure (add-ons/privacy/lead-erasure.ts) or the orphan prune.
   */
  remove(id: string): Promise<void>;
}

type BlobStore = ReturnType<typeof getStore>;

async function keysUnder(store: BlobStore, prefix: string): Promise<string[]> {
  const { blobs } = await store.list({ prefix });
  return blobs.map((blob) => blob.key.slice(prefix.length));
}

/** How long an inbox entry may wait for its lead: it is written just before the lead. */
const ENTRY_GRACE_MS = 2 * 60_000;

/**
 * Deletes the inbox index entries whose lead is gone (`leadIds` is every stored lead's id) and that
 * are older than two minutes: what a lead whose own write failed left behind. For the daily
 * retention job; resolves with how many it deleted. May throw.
 */
export async function pruneOrphanInboxEntries(
  blobs: JsonBlobs,
  leadIds: ReadonlySet<string>,
  now: Date,
): Promise<number> {
  let deleted = 0;
  for (const key of await blobs.keys(STORAGE.inboxes.prefix)) {
    if (leadIds.has(key.slice(key.lastIndexOf("/") + 1))) continue;
    const since = ((await blobs.getWithEtag(key))?.data as { since?: unknown } | undefined)?.since;
    if (typeof since === "string" && now.getTime() - Date.parse(since) < ENTRY_GRACE_MS) continue;
    await blobs.delete(key);
    deleted += 1;
  }
  return deleted;
}

/** A LeadStore over a Blobs store (by default `getStore("demo-requests")`, strongly consistent). */
export function createBlobLeadStore(
  store: BlobStore = getStore({ name: LEAD_STORE_NAME, consistency: "strong" }),
): LeadStore {
  return {
    async create(record) {
      try {
        await store.setJSON(pendingKey(record.id), { since: record.receivedAt });
        if (record.inboxKey) {
          await store.setJSON(inboxKey(record.inboxKey, record.id), { since: record.receivedAt });
        }
        if (record.state !== "spam") {
          await store.setJSON(keyOf("unclaimed", record.id), { since: record.receivedAt });
        }
        const { modified } = await store.setJSON(leadKey(record.id), record, { onlyIfNew: true });
        return modified ? "created" : "exists";
      } catch {
        return "unavailable";
      }
    },
    async get(id) {
      // Read as text: JSON that does not parse is a malformed record, not a store fault.
      const text = await store.get(leadKey(id), { type: "text" });
      if (text === null) return null;
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        throw new MalformedLeadError(id);
      }
      return parseStoredLead(data, id);
    },
    async update(record) {
      await store.setJSON(leadKey(record.id), record);
    },
    pendingIds: () => keysUnder(store, STORAGE.pending.prefix),
    async pendingSince(id) {
      const marker = (await store.get(pendingKey(id), { type: "json" })) as { since?: string } | null;
      return marker?.since ?? null;
    },
    async settle(id) {
      await store.delete(pendingKey(id));
    },
    ids: () => keysUnder(store, STORAGE.leads.prefix),
    idsFromInbox: (key) => keysUnder(store, keyOf("inboxes", `${key}/`)),
    async remove(id) {
      // Read raw: even a record that fails its schema names its inbox entry.
      const stored = (await store.get(leadKey(id), { type: "json" })) as { inboxKey?: unknown } | null;
      // The lead first: a marker left behind is cleaned up by the job, a lead would linger.
      await store.delete(leadKey(id));
      for (const key of keysDeletedWithLead(id)) await store.delete(key);
      if (typeof stored?.inboxKey === "string") await store.delete(inboxKey(stored.inboxKey, id));
    },
  };
}
