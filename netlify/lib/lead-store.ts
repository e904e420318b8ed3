/**
 * Durable capture of demo requests (issue 4): one record per request id in the Netlify
 * Blobs store `demo-requests`, holding the payload, received time and delivery state.
 */
import { getStore } from "@netlify/blobs";
import type { DemoRequest } from "../../src/lib/demo-request";

/**
 * `pending`: stored, sales e-mail not yet accepted; `sent`: accepted; `failed`: gave up after a
 * day; `spam`: the honeypot was filled, nothing is ever sent (issue 13; kept to be recovered).
 */
export type LeadState = "pending" | "sent" | "failed" | "spam";

/** One stored demo request. Times are ISO 8601 UTC strings. */
export interface LeadRecord {
  id: string;
  request: DemoRequest;
  receivedAt: string;
  state: LeadState;
  /** Sales e-mail attempts made so far (each may include in-request retries). */
  attempts: number;
  lastAttemptAt?: string;
  /** Last failure, e.g. "SendGrid answered 503" (never visitor data). */
  lastError?: string;
  sentAt?: string;
  confirmationSent: boolean;
  /** Why the request is `spam`, e.g. "honeypot field filled" (netlify/lib/spam.ts). */
  spamReason?: string;
  /** What the honeypot held, for recovering a person whose browser filled it. */
  honeypot?: string;
  /**
   * Why a spam layer suspects this request, e.g. "form token expired (issued 30 h before)": it
   * is delivered with "[Suspected spam]" in the subject and gets no confirmation.
   */
  suspectedSpam?: string;
}

/** The store operations the function and the retry job need. Every method may throw. */
export interface LeadStore {
  /** Writes a new record; resolves false (and writes nothing) when the id already exists. */
  create(record: LeadRecord): Promise<boolean>;
  get(id: string): Promise<LeadRecord | null>;
  update(record: LeadRecord): Promise<void>;
  /** The id of every stored record (one listing request per 1,000 with Blobs; no record read). */
  ids(): Promise<string[]>;
  /** Deletes the record (retention and erasure, issue 15); a missing id is not an error. */
  remove(id: string): Promise<void>;
}

export const LEAD_STORE_NAME = "demo-requests";

type BlobStore = ReturnType<typeof getStore>;

/** A LeadStore over a Blobs store (by default `getStore("demo-requests")`, strongly consistent). */
export function createBlobLeadStore(
  store: BlobStore = getStore({ name: LEAD_STORE_NAME, consistency: "strong" }),
): LeadStore {
  return {
    async create(record) {
      const { modified } = await store.setJSON(record.id, record, { onlyIfNew: true });
      return modified;
    },
    async get(id) {
      return ((await store.get(id, { type: "json" })) as LeadRecord | null) ?? null;
    },
    async update(record) {
      await store.setJSON(record.id, record);
    },
    async ids() {
      const { blobs } = await store.list();
      return blobs.map((b) => b.key);
    },
    async remove(id) {
      await store.delete(id);
    },
  };
}

/** An in-memory LeadStore for tests and for running without Blobs. */
export function createMemoryLeadStore(): LeadStore & { records: Map<string, LeadRecord> } {
  const records = new Map<string, LeadRecord>();
  const copy = (r: LeadRecord): LeadRecord => structuredClone(r);
  return {
    records,
    async create(record) {
      if (records.has(record.id)) return false;
      records.set(record.id, copy(record));
      return true;
    },
    async get(id) {
      const r = records.get(id);
      return r ? copy(r) : null;
    },
    async update(record) {
      records.set(record.id, copy(record));
    },
    async ids() {
      return [...records.keys()];
    },
    async remove(id) {
      records.delete(id);
    },
  };
}
