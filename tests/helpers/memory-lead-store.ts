/**
 * An in-memory LeadStore for tests, with the key layout's behaviour (netlify/lib/core/leads/lead-store.ts):
 * `create` marks the lead pending before it writes it and never overwrites an existing id.
 * `records` and `markers` (id -> since) are its contents. With `followUps`, `create` also marks a
 * lead that is not spam unclaimed there, as the Blobs store does. `get` checks what `records` holds
 * as the Blobs store does (a test may put any value there, e.g. a malformed record).
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
  const copy = (r: LeadRecord): LeadRecord => structuredClone(r);
  return {
    records,
    markers,
    async create(record) {
      markers.set(record.id, record.receivedAt);
      if (record.state !== "spam") await options.followUps?.markUnclaimed(record.id, record.receivedAt);
      if (records.has(record.id)) return "exists";
      records.set(record.id, copy(record));
      return "created";
    },
    async get(id) {
      return records.has(id) ? parseStoredLead(structuredClone(records.get(id)), id) : null;
    },
    async update(record) {
      records.set(record.id, copy(record));
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
