/** A Blobs store as JSON values with conditional writes; tests/helpers/memory-blobs.ts implements it in memory. */
import { getStore } from "@netlify/blobs";

export interface JsonBlobs {
  getWithEtag(key: string): Promise<{ data: unknown; etag: string | undefined } | null>;
  /** Writes `value`, with a condition only when the key is new or has that etag; whether it wrote. */
  setJSON(
    key: string,
    value: unknown,
    condition?: { onlyIfNew: true } | { onlyIfMatch: string },
  ): Promise<boolean>;
  keys(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
}

/** The Blobs store `name`, strongly consistent, as JsonBlobs. Every method may throw when the store is down. */
export function jsonBlobs(name: string): JsonBlobs {
  return jsonBlobsOver(getStore({ name, consistency: "strong" }));
}

export function jsonBlobsOver(store: ReturnType<typeof getStore>): JsonBlobs {
  return {
    async getWithEtag(key) {
      const found = await store.getWithMetadata(key, { type: "json" });
      return found ? { data: found.data, etag: found.etag } : null;
    },
    async setJSON(key, value, condition) {
      const { modified } = await store.setJSON(key, value, condition);
      return modified;
    },
    async keys(prefix) {
      const { blobs } = await store.list({ prefix });
      return blobs.map((blob) => blob.key);
    },
    delete: (key) => store.delete(key),
  };
}

/** Deletes entries under `prefix` expired at `now` or without `expiresAt`; resolves with the count. May throw. */
export async function deleteExpired(blobs: JsonBlobs, prefix: string, now: Date): Promise<number> {
  let deleted = 0;
  for (const key of await blobs.keys(prefix)) {
    const expiresAt = ((await blobs.getWithEtag(key))?.data as { expiresAt?: unknown } | undefined)
      ?.expiresAt;
    if (typeof expiresAt === "string" && now.getTime() <= Date.parse(expiresAt)) continue;
    await blobs.delete(key);
    deleted += 1;
  }
  return deleted;
}

/** Writes `{ at, expiresAt }` (`keptMs` after `at`) under `key` unless it exists; true when this call wrote it. May throw. */
export function noteOnce(blobs: JsonBlobs, key: string, at: Date, keptMs: number): Promise<boolean> {
  const expiresAt = new Date(at.getTime() + keptMs).toISOString();
  return blobs.setJSON(key, { at: at.toISOString(), expiresAt }, { onlyIfNew: true });
}
