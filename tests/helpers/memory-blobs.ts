/**
 * An in-memory stand-in for the Blobs store behind the confirmation limits
 * (netlify/lib/add-ons/confirmation/confirmation-limits.ts), with the platform's semantics: a conditional write
 * (`onlyIfNew`, `onlyIfMatch`) is checked and applied in one step, and each write gets a new etag.
 */
import type { JsonBlobs } from "../../netlify/lib/kit/json-blobs";

export function createMemoryBlobs(): JsonBlobs & { entries: Map<string, { data: unknown; etag: string }> } {
  const entries = new Map<string, { data: unknown; etag: string }>();
  let version = 0;
  return {
    entries,
    async getWithEtag(key) {
      const entry = entries.get(key);
      return entry ? { data: structuredClone(entry.data), etag: entry.etag } : null;
    },
    async setJSON(key, value, condition) {
      const current = entries.get(key);
      if (condition && "onlyIfNew" in condition && current) return false;
      if (condition && "onlyIfMatch" in condition && current?.etag !== condition.onlyIfMatch) return false;
      entries.set(key, { data: structuredClone(value), etag: `"${++version}"` });
      return true;
    },
    async keys(prefix) {
      return [...entries.keys()].filter((key) => key.startsWith(prefix));
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
