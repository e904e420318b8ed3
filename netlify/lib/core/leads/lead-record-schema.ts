/** Reading stored leads through their schema (docs/decisions/0019-lead-path.md); a failure is a `MalformedLeadError`. */
import { mapInBatches } from "../../kit/in-batches";
import { noteOnce, type JsonBlobs } from "../../kit/json-blobs";
import { logError } from "../../kit/log";
import { keyOf } from "../../kit/storage";
import { completeDeliveries, storedLeadSchema, type LeadRecord } from "./lead-record";

/** A stored lead that is not a lead record; carries the lead's id only, never the data. */
export class MalformedLeadError extends Error {
  override name = "MalformedLeadError";
  constructor(readonly id: string) {
    super(`stored lead ${id} is not a lead record`);
  }
}

/** `data` as a LeadRecord, every channel present; throws MalformedLeadError when it fails or holds another id. */
export function parseStoredLead(data: unknown, id: string): LeadRecord {
  const parsed = storedLeadSchema.safeParse(data);
  if (!parsed.success || parsed.data.id !== id) throw new MalformedLeadError(id);
  return completeDeliveries(parsed.data as LeadRecord);
}

/** The one log line for a malformed stored lead; `by` names what skipped it, e.g. "the retry job". */
export function logMalformedLead(id: string, by: string): void {
  logError(`MALFORMED LEAD: the stored record is not a lead record; ${by} skipped it`, { requestId: id });
}

/** Reads `ids` 50 at a time: the records (in order); the ids missing, malformed or unreadable; the first read error. */
export async function readEach<R>(store: { get(id: string): Promise<R | null> }, ids: readonly string[]) {
  const { results, failed } = await mapInBatches(ids, async (id) => ({ id, record: await store.get(id) }));
  const isMalformed = ({ error }: { error: unknown }) => error instanceof MalformedLeadError;
  const unreadable = failed.filter((failure) => !isMalformed(failure));
  return {
    records: results.flatMap(({ record }) => (record ? [record] : [])),
    missing: results.filter(({ record }) => !record).map(({ id }) => id),
    malformed: failed.filter(isMalformed).map(({ item }) => item),
    unreadable: unreadable.map(({ item }) => item),
    error: unreadable[0]?.error,
  };
}

/** Reads `ids` 50 at a time, leaving out malformed (logged) and missing ones; throws when the store fails. */
export async function readLeads(
  store: { get(id: string): Promise<LeadRecord | null> },
  ids: readonly string[],
  by: string,
): Promise<LeadRecord[]> {
  const { records, malformed, unreadable, error } = await readEach(store, ids);
  for (const id of malformed) logMalformedLead(id, by);
  if (unreadable.length > 0) throw error;
  return records;
}

/** Notes at `at`, for 30 days, that lead `id` was reported malformed; true when it had no note yet. May throw. */
export function noteMalformedLead(blobs: JsonBlobs, id: string, at: Date): Promise<boolean> {
  return noteOnce(blobs, keyOf("malformed", id), at, 30 * 24 * 3_600_000);
}
