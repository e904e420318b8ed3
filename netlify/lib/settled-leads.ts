/**
 * The ids of stored demo requests the retry job need not read again (issue 4): a record whose
 * state is `sent` or `failed` never goes back to `pending` (the request writes only within its
 * own 60 s, the job leaves new records alone longer than that, and scheduled runs do not
 * overlap). With this set a run lists every id but reads only new and pending records, instead
 * of every lead ever stored, every 5 minutes within Netlify's 30 s limit for scheduled functions.
 *
 * Kept as one JSON array in its own Blobs store, so `leads:export` never sees it. Losing it, or
 * failing to read or write it, costs reads, never a lead: the job then reads every record.
 */
import { getStore } from "@netlify/blobs";

export interface SettledLeadIds {
  /** The saved ids; an empty set when none were saved. May throw (store unreachable). */
  load(): Promise<Set<string>>;
  /** Replaces the saved ids. May throw. */
  save(ids: ReadonlySet<string>): Promise<void>;
}

export const SETTLED_STORE_NAME = "demo-requests-retry-job";
const KEY = "settled-ids";

type BlobStore = ReturnType<typeof getStore>;

/** SettledLeadIds in a Blobs store (by default `getStore("demo-requests-retry-job")`). */
export function createBlobSettledLeadIds(
  store: BlobStore = getStore({ name: SETTLED_STORE_NAME, consistency: "strong" }),
): SettledLeadIds {
  return {
    async load() {
      const saved: unknown = await store.get(KEY, { type: "json" });
      return new Set(Array.isArray(saved) ? saved.filter((id) => typeof id === "string") : []);
    },
    async save(ids) {
      await store.setJSON(KEY, [...ids]);
    },
  };
}

/** In-memory SettledLeadIds for tests; `ids` is what was last saved. */
export function createMemorySettledLeadIds(): SettledLeadIds & { ids: Set<string> } {
  const memory = {
    ids: new Set<string>(),
    async load() {
      return new Set(memory.ids);
    },
    async save(ids: ReadonlySet<string>) {
      memory.ids = new Set(ids);
    },
  };
  return memory;
}
