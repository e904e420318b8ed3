/**
 * Durable capture of demo requests (docs/requirements.md#durable-capture, docs/decisions/0019-lead-path.md). Markers
 * are written before the lead, so a failed lead write leaves an orphan marker, never a lost lead. `LeadRecorder` keeps
 * a lead's stored copy in step with its delivery; an accepted send left unrecorded is logged `SENT-UNRECORDED <id>`
 * and stays `sending`, never resent.
 */
import { getStore } from "@netlify/blobs";
import pRetry from "p-retry";
import { z } from "zod";
import {
  jsonBlobsOver,
  pruneOrphanMarkers,
  readRecord,
  stringField,
  type JsonBlobs,
} from "../../kit/json-blobs";
import { keyOf, keysDeletedWithLead, LEAD_STORE_NAME, STORAGE } from "../../kit/storage";
import { MalformedLeadError, parseStoredLead, type ChannelName, type LeadRecord } from "./lead-record";
import { errorName, logError } from "../../kit/log";

export { LEAD_STORE_NAME };
const leadKey = (id: string) => keyOf("leads", id);
const pendingKey = (id: string) => keyOf("pending", id);
const inboxKey = (key: string, id: string) => keyOf("inboxes", `${key}/${id}`);

type BlobStore = ReturnType<typeof getStore>;

// Only its inbox key: even a lead that fails its schema names its inbox entry; a malformed lead is erased quietly.
const inboxKeyOfLead = z.looseObject({ inboxKey: z.string().optional() }).catch({});

async function keysUnder(store: BlobStore, prefix: string): Promise<string[]> {
  const { blobs } = await store.list({ prefix });
  return blobs.map((blob) => blob.key.slice(prefix.length));
}

/** Deletes inbox entries older than two minutes whose lead is gone; resolves with the count. May throw. */
export function pruneOrphanInboxEntries(
  blobs: JsonBlobs,
  leadIds: ReadonlySet<string>,
  now: Date,
): Promise<number> {
  return pruneOrphanMarkers(blobs, STORAGE.inboxes.prefix, (key) => key.slice(key.lastIndexOf("/") + 1), {
    leadIds,
    now,
  });
}

/** The lead store over a Blobs store (default `demo-requests`, strongly consistent); only `create` never throws. */
export function createBlobLeadStore(
  store: BlobStore = getStore({ name: LEAD_STORE_NAME, consistency: "strong" }),
) {
  const blobs = jsonBlobsOver(store);
  /** The lead and the etag for a conditional write, or null; throws MalformedLeadError for a record that is not a lead. */
  async function getWithEtag(id: string) {
    // Read as text: JSON that does not parse is a malformed record, not a store fault.
    const found = await store.getWithMetadata(leadKey(id), { type: "text" });
    if (found === null) return null;
    let data: unknown;
    try {
      data = JSON.parse(found.data);
    } catch {
      throw new MalformedLeadError(id);
    }
    return { lead: parseStoredLead(data, id), etag: found.etag };
  }

  return {
    /**
     * Marks the lead pending and writes each of `markers` (the loaded add-ons' keys, `leadMarkersOf`), then writes
     * the lead unless its id is stored already.
     */
    async create(record: LeadRecord, markers: readonly string[] = []) {
      try {
        await store.setJSON(pendingKey(record.id), { since: record.receivedAt });
        if (record.inboxKey) {
          await store.setJSON(inboxKey(record.inboxKey, record.id), { since: record.receivedAt });
        }
        for (const marker of markers) await store.setJSON(marker, { since: record.receivedAt });
        const { modified } = await store.setJSON(leadKey(record.id), record, { onlyIfNew: true });
        return modified ? "created" : "exists";
      } catch {
        return "unavailable";
      }
    },
    getWithEtag,
    /** The lead, or null when none is stored; throws MalformedLeadError for a record that is not a lead. */
    get: async (id: string) => (await getWithEtag(id))?.lead ?? null,
    async update(record: LeadRecord) {
      await store.setJSON(leadKey(record.id), record);
    },
    /**
     * Puts a stored lead back in the delivery queue as `record`: marks it pending from `since` (ISO time), then
     * replaces it only if its etag is still `etag`, so of two callers one wins. Resolves "replaced", or "changed"
     * when another write came first. Throws on a store fault.
     */
    async requeue(record: LeadRecord, etag: string, since: string) {
      await store.setJSON(pendingKey(record.id), { since });
      const { modified } = await store.setJSON(leadKey(record.id), record, { onlyIfMatch: etag });
      return modified ? "replaced" : "changed";
    },
    pendingIds: () => keysUnder(store, STORAGE.pending.prefix),
    pendingSince: async (id: string) => (await stringField(blobs, pendingKey(id), "since")) ?? null,
    async settle(id: string) {
      await store.delete(pendingKey(id));
    },
    ids: () => keysUnder(store, STORAGE.leads.prefix),
    idsFromInbox: (key: string) => keysUnder(store, keyOf("inboxes", `${key}/`)),
    /** Deletes the lead and what netlify/lib/kit/storage.ts says goes with it, booking uid entries aside. */
    async remove(id: string) {
      const stored = await readRecord(blobs, leadKey(id), inboxKeyOfLead);
      // The lead first: a marker left behind is cleaned up by the job, a lead would linger.
      await store.delete(leadKey(id));
      for (const key of keysDeletedWithLead(id)) await store.delete(key);
      const inbox = "found" in stored ? stored.found.inboxKey : undefined;
      if (inbox) await store.delete(inboxKey(inbox, id));
    },
  };
}

export type LeadStore = ReturnType<typeof createBlobLeadStore>;
export type CreateResult = Awaited<ReturnType<LeadStore["create"]>>;

const WRITE_RETRIES = { retries: 2, minTimeout: 100 };

export class LeadRecorder {
  private dirty = false;
  private readonly unrecordedSends = new Set<ChannelName>();
  private version = 0;
  private writing: Promise<boolean> = Promise.resolve(true);

  constructor(
    readonly store: LeadStore | null,
    private current: LeadRecord,
  ) {}

  get lead(): LeadRecord {
    return this.current;
  }

  get recorded(): boolean {
    return this.store !== null && !this.dirty;
  }

  /** Replaces the lead; `acceptedOn` names a channel whose send this change records as accepted. */
  change(next: LeadRecord, acceptedOn?: ChannelName): void {
    this.current = next;
    this.dirty = true;
    this.version += 1;
    if (acceptedOn) this.unrecordedSends.add(acceptedOn);
  }

  /** Writes the lead if changed, retrying twice; false when it failed (nothing new may be sent). Never throws. */
  save(): Promise<boolean> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<boolean> {
    const store = this.store;
    if (!store || !this.dirty) return true;
    const lead = this.current;
    const version = this.version;
    try {
      await pRetry(() => store.update(lead), WRITE_RETRIES);
    } catch (error) {
      const fields = { reason: errorName(error) };
      if (this.unrecordedSends.size > 0) {
        logError(`SENT-UNRECORDED ${lead.id}`, { ...fields, channels: [...this.unrecordedSends].join(",") });
      } else {
        logError("lead update failed", { requestId: lead.id, ...fields });
      }
      return false;
    }
    // A change made while this write ran is still to be written.
    if (this.version === version) {
      this.dirty = false;
      this.unrecordedSends.clear();
    }
    return true;
  }
}
