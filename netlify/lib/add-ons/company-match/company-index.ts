/**
 * The company index's part in erasure and retention (docs/decisions/0050-company-match.md, 0045-privacy-hooks.md):
 * a lead's entries go with it, and entries whose lead is gone are pruned daily.
 */
import { pruneOrphanMarkers, type JsonBlobs } from "../../kit/json-blobs";
import { STORAGE } from "../../kit/storage";

const leadIdOf = (key: string) => key.slice(key.lastIndexOf("_") + 1);

/** Deletes lead `id`'s company index entries (found by its id, without the secret); resolves with the count. May throw. */
export async function removeCompanyEntries(blobs: JsonBlobs, id: string): Promise<number> {
  const keys = (await blobs.keys(STORAGE.companies.prefix)).filter((key) => leadIdOf(key) === id);
  for (const key of keys) await blobs.delete(key);
  return keys.length;
}

/** Deletes entries older than the marker grace whose lead is gone; resolves with the count. May throw. */
export function pruneOrphanCompanyEntries(
  blobs: JsonBlobs,
  leadIds: ReadonlySet<string>,
  now: Date,
): Promise<number> {
  return pruneOrphanMarkers(blobs, STORAGE.companies.prefix, leadIdOf, { leadIds, now });
}
