/**
 * What one run of the retry job reads (issue 4; netlify/lib/retry-job.ts): the pending demo
 * requests, oldest first, skipping records `settled` lists (netlify/lib/settled-leads.ts).
 *
 * Records are read `READ_BATCH` at a time, so a first run over thousands of leads does not open
 * thousands of requests at once. A record whose read fails is skipped for this run and reported,
 * never settled: one corrupt blob must not stop every other lead's retry.
 */
import type { LeadRecord, LeadStore } from "./lead-store";
import { logError } from "./log";
import type { SettledLeadIds } from "./settled-leads";

const READ_BATCH = 50;

export interface PendingRead {
  /** Pending records, oldest `receivedAt` first. */
  pending: LeadRecord[];
  /** The settled ids as loaded (empty without `settled` or when unreadable). */
  saved: ReadonlySet<string>;
  /** The settled ids to save after the run: saved ids still stored, plus final records read. */
  known: Set<string>;
}

/** Reads `ids` in batches; ids whose read throws come back in `unreadable`, not as an error. */
async function readRecords(store: LeadStore, ids: string[]) {
  const records: LeadRecord[] = [];
  const unreadable: string[] = [];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const batch = ids.slice(start, start + READ_BATCH);
    const results = await Promise.allSettled(batch.map((id) => store.get(id)));
    results.forEach((result, i) => {
      if (result.status === "rejected") unreadable.push(batch[i]);
      else if (result.value) records.push(result.value);
    });
  }
  return { records, unreadable };
}

/**
 * The job's view of the store. Throws when the ids cannot be listed (the run then fails and the
 * next one tries again); an unreadable `settled` only means reading every record.
 */
export async function readPending(store: LeadStore, settled?: SettledLeadIds): Promise<PendingRead> {
  const saved = settled
    ? await settled.load().catch((error: unknown) => {
        logError("settled lead ids unreadable; reading every record", { error: String(error) });
        return new Set<string>();
      })
    : new Set<string>();
  const ids = await store.ids();
  const known = new Set(ids.filter((id) => saved.has(id)));
  const { records, unreadable } = await readRecords(
    store,
    ids.filter((id) => !known.has(id)),
  );
  if (unreadable.length > 0) {
    logError("stored demo requests unreadable; skipped this run", {
      count: unreadable.length,
      requestIds: unreadable.slice(0, 5).join(","),
    });
  }
  const pending: LeadRecord[] = [];
  for (const record of records) {
    if (record.state === "pending") pending.push(record);
    else known.add(record.id);
  }
  pending.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  return { pending, saved, known };
}
