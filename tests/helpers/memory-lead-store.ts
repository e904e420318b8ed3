/**
 * An in-memory LeadStore for tests, with the key layout's behaviour (netlify/lib/core/leads/lead-store.ts):
 * `create` marks the lead pending before it writes it and never overwrites an existing id.
 * `records` and `markers` (id -> since) are its contents. With `followUps`, `create` also marks
 * the lead unclaimed there, as the Blobs store does. `get` checks what `records` holds
 * as the Blobs store does (a test may put any value there, e.g. a malformed record); each write gets a new etag,
 * and `requeue` replaces a lead only while its etag holds.
 */
import type { FollowUpStore } from "../../netlify/lib/add-ons/follow-up/follow-up-store";
import { parseStoredLead, type LeadRecord } from "../../netlify/lib/core/leads/lead-record";
import type { LeadStore } from "../../netlify/lib/core/leads/lead-store";

export function createMemoryLeadStore(options: { followUps?: FollowUpStore } = {}): LeadStore & {
  records: Map<string, LeadRecord>;
  markers: Map<string, string>;
} {
  const records = new Map<string, LeadRecord>();
  const markers = new Map<string, string>();
  const etags = new Map<string, string>();
  let version = 0;
  const write = (r: LeadRecord) => {
    records.set(r.id, structuredClone(r));
    etags.set(r.id, `"${++version}"`);
  };
  const getWithEtag: LeadStore["getWithEtag"] = async (id) =>
    records.has(id)
      ? { lead: parseStoredLead(structuredClone(records.get(id)), id), etag: etags.get(id) }
      : null;
  return {
    records,
    markers,
    async create(record) {
      markers.set(record.id, record.receivedAt);
      await options.followUps?.markUnclaimed(record.id, record.receivedAt);
      if (records.has(record.id)) return "exists";
      write(record);
      return "created";
    },
    getWithEtag,
    get: async (id) => (await getWithEtag(id))?.lead ?? null,
    async update(record) {
      write(record);
    },
    async requeue(record, etag, since) {
      markers.set(record.id, since);
      if (etags.get(record.id) !== etag) return "changed";
      write(record);
      return "replaced";
    },
    async pendingIds() {
      return [...markers.keys()];
    },
    async pendingSince(id) {
      return markers.get(id) ?? null;
    },
    async settle(id) {
      markers.delete(id);
    },
    async ids() {
      return [...records.keys()];
    },
    async idsFromInbox(key) {
      return [...records.values()].filter((r) => r.inboxKey === key).map((r) => r.id);
    },
    async remove(id) {
      records.delete(id);
      markers.delete(id);
      await options.followUps?.remove(id);
    },
  };
}
