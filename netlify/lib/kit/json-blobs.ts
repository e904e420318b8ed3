/** A Blobs store as JSON values with conditional writes; tests/helpers/memory-blobs.ts implements it in memory. */
import { getStore } from "@netlify/blobs";
import { z } from "zod";
import { logError } from "./log";

/** The Blobs store `name`, strongly consistent, as JsonBlobs. Every method may throw when the store is down. */
export function jsonBlobs(name: string): JsonBlobs {
  return jsonBlobsOver(getStore({ name, consistency: "strong" }));
}

export function jsonBlobsOver(store: ReturnType<typeof getStore>) {
  return {
    /** The value and its etag, null when absent; throws a SyntaxError for stored text that is not JSON. */
    getWithEtag: (key: string): Promise<{ data: unknown; etag?: string } | null> =>
      store.getWithMetadata(key, { type: "json" }),
    /** Writes `value`, with a condition only when the key is new or has that etag; whether it wrote. */
    async setJSON(key: string, value: unknown, condition?: { onlyIfNew: true } | { onlyIfMatch: string }) {
      const { modified } = await store.setJSON(key, value, condition);
      return modified;
    },
    async keys(prefix: string) {
      const { blobs } = await store.list({ prefix });
      return blobs.map((blob) => blob.key);
    },
    delete: (key: string) => store.delete(key),
  };
}

export type JsonBlobs = ReturnType<typeof jsonBlobsOver>;

/** How long a marker may be without its lead: a store writes the marker just before the lead. */
export const MARKER_GRACE_MS = 2 * 60_000;

/** What `readRecord` found at a key: the record and its etag, nothing, or a value its schema refuses. */
export type RecordRead<T> = { found: T; etag?: string } | { missing: true } | { damaged: true };

/**
 * The record at `key` checked by `schema` (docs/requirements.md#durable-capture). A value that is not JSON or that
 * the schema refuses is logged once, by its key (no visitor data), and answered as damaged, never as missing: the
 * caller skips or refuses it. Throws only when the store cannot be read.
 */
export async function readRecord<T>(
  blobs: Pick<JsonBlobs, "getWithEtag">,
  key: string,
  schema: z.ZodType<T>,
): Promise<RecordRead<T>> {
  const stored = await blobs.getWithEtag(key).catch((error: unknown) => {
    if (error instanceof SyntaxError) return "not JSON" as const;
    throw error;
  });
  if (stored === null) return { missing: true };
  const parsed = stored === "not JSON" ? undefined : schema.safeParse(stored.data);
  if (stored !== "not JSON" && parsed?.success) {
    return { found: parsed.data, ...(stored.etag ? { etag: stored.etag } : {}) };
  }
  logError("DAMAGED RECORD: a stored record fails its schema; it is skipped", { key });
  return { damaged: true };
}

/** Thrown by a store whose caller must not go on without the record at `key`, e.g. a damaged follow-up record. */
export class DamagedRecordError extends Error {
  override name = "DamagedRecordError";
  constructor(readonly key: string) {
    super(`stored record ${key} fails its schema`);
  }
}

/** The string `field` of the entry at `key`, or undefined when it is missing or damaged (then logged). May throw. */
export async function stringField(blobs: JsonBlobs, key: string, field: string): Promise<string | undefined> {
  const read = await readRecord(blobs, key, z.looseObject({ [field]: z.string() }));
  return "found" in read ? read.found[field] : undefined;
}

/** Deletes each key under `prefix` for which `keep(key)` resolves false; resolves with the count. May throw. */
export async function deleteUnless(
  blobs: JsonBlobs,
  prefix: string,
  keep: (key: string) => Promise<boolean>,
): Promise<number> {
  let deleted = 0;
  for (const key of await blobs.keys(prefix)) {
    if (await keep(key)) continue;
    await blobs.delete(key);
    deleted += 1;
  }
  return deleted;
}

/** Whether the marker at `key` was written (its `since`) under MARKER_GRACE_MS before `now`. May throw. */
export async function isFreshMarker(blobs: JsonBlobs, key: string, now: Date): Promise<boolean> {
  const since = await stringField(blobs, key, "since");
  return since !== undefined && now.getTime() - Date.parse(since) < MARKER_GRACE_MS;
}

/**
 * Deletes the markers under `prefix` whose lead (`leadIdOf(key)`) is not in `leadIds`, unless written under
 * MARKER_GRACE_MS before `now` (their lead may be being written); resolves with the count. May throw.
 */
export function pruneOrphanMarkers(
  blobs: JsonBlobs,
  prefix: string,
  leadIdOf: (key: string) => string,
  { leadIds, now }: { leadIds: ReadonlySet<string>; now: Date },
): Promise<number> {
  return deleteUnless(
    blobs,
    prefix,
    async (key) => leadIds.has(leadIdOf(key)) || (await isFreshMarker(blobs, key, now)),
  );
}

/** Deletes entries under `prefix` expired at `now` or without `expiresAt`; resolves with the count. May throw. */
export function deleteExpired(blobs: JsonBlobs, prefix: string, now: Date): Promise<number> {
  return deleteUnless(blobs, prefix, async (key) => {
    const expiresAt = await stringField(blobs, key, "expiresAt");
    return expiresAt !== undefined && now.getTime() <= Date.parse(expiresAt);
  });
}

/** Writes `{ at, expiresAt }` (`keptMs` after `at`) under `key` unless it exists; true when this call wrote it. May throw. */
export function noteOnce(blobs: JsonBlobs, key: string, at: Date, keptMs: number): Promise<boolean> {
  const expiresAt = new Date(at.getTime() + keptMs).toISOString();
  return blobs.setJSON(key, { at: at.toISOString(), expiresAt }, { onlyIfNew: true });
}
