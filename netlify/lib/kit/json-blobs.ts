/**
 * A Netlify Blobs store seen as JSON values with conditional writes: the part of the store the
 * confirmation bound, the form-token nonces and the thanks-page tickets use. Tests implement the
 * same interface in memory (tests/helpers/memory-blobs.ts).
 */
import { getStore } from "@netlify/blobs";

export interface JsonBlobs {
  /** The JSON value and its etag, or null when the key does not exist. */
  getWithEtag(key: string): Promise<{ data: unknown; etag: string | undefined } | null>;
  /** Writes `value`; with a condition, only when the key is new or still has that etag. Resolves with whether it wrote. */
  setJSON(
    key: string,
    value: unknown,
    condition?: { onlyIfNew: true } | { onlyIfMatch: string },
  ): Promise<boolean>;
  /** Every key starting with `prefix`. */
  keys(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
}

/** The Blobs store `name`, strongly consistent, as JsonBlobs. Every method may throw when the store is down. */
export function jsonBlobs(name: string): JsonBlobs {
  return jsonBlobsOver(getStore({ name, consistency: "strong" }));
}

/** `store` as JsonBlobs. */
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

/**
 * Deletes the entries under `prefix` whose `expiresAt` (ISO time) is past at `now`, and any entry
 * without one. Resolves with how many it deleted; may throw.
 */
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
