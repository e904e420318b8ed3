/**
 * The retention job (docs/requirements.md#personal-data; docs/decisions/0018-retention-and-erasure.md): reads
 * every stored demo request and deletes those past their retention period (netlify/lib/add-ons/privacy/retention.ts),
 * each with its markers. Run daily by the scheduled function `lead-retention`, and by
 * `npm run leads:retention`.
 *
 * A lead that still has a pending marker (netlify/lib/core/leads/lead-store.ts) is never deleted, whatever
 * its record says: the retry job may still be delivering or alerting on it, and deleting it
 * would lose the lead (docs/requirements.md#lead-path-and-alerts). The job removes the marker once the lead
 * is settled; a later run then deletes the lead.
 *
 * Records are read and deleted 50 at a time. A record whose read or delete fails is counted and
 * logged by id, never a reason to stop: the next run tries it again. A malformed record
 * (netlify/lib/core/leads/lead-record-schema.ts) is counted, kept and reported through `onMalformed`:
 * its times cannot be read, so it is never deleted on a guess. Listing the ids or the pending
 * markers may throw (the run then fails as a whole and the next one starts over).
 */
import { inBatches } from "../../kit/in-batches";
import { logMalformedLead, MalformedLeadError } from "../../core/leads/lead-record-schema";
import { logError, logInfo } from "../../kit/log";
import { isPastRetention, type RetainedRecord, type RetentionLimits } from "./retention";

/** The store operations the job needs. */
export interface RetentionStore {
  /** The id of every stored demo request. */
  ids(): Promise<string[]>;
  /** The ids with a pending marker: leads the retry job has not settled. */
  pendingIds(): Promise<string[]>;
  get(id: string): Promise<RetainedRecord | null>;
  /** Deletes the demo request and every marker or index entry it has. */
  remove(id: string): Promise<void>;
}

/** Counts of one run, e.g. `{ deleted: 3, kept: 120, unreadable: 0, undeleted: 0, malformed: 0 }`. */
export interface RetentionRun {
  deleted: number;
  /** Records kept, the malformed ones included. */
  kept: number;
  /** Records whose read failed this run (kept). */
  unreadable: number;
  /** Records past their period whose delete failed this run. */
  undeleted: number;
  /** Records that are not lead records (kept, reported). */
  malformed: number;
}

/**
 * One run at `now` (default the current time). `onMalformed` reports a malformed record (default:
 * the log line); the scheduled function also alerts (netlify/lib/core/delivery/malformed-lead-alert.ts).
 */
export async function runRetention(options: {
  store: RetentionStore;
  limits: RetentionLimits;
  now?: Date;
  onMalformed?: (id: string) => Promise<void>;
}): Promise<RetentionRun> {
  const { store, limits, now = new Date() } = options;
  const onMalformed =
    options.onMalformed ?? (async (id: string) => logMalformedLead(id, "the retention job"));
  const ids = await store.ids();
  const pending = new Set(await store.pendingIds());
  const expired: string[] = [];
  const malformed: string[] = [];
  const unreadable = await inBatches(ids, async (id) => {
    const record = await store.get(id).catch((error: unknown) => {
      if (!(error instanceof MalformedLeadError)) throw error;
      malformed.push(id);
      return null;
    });
    if (record && isPastRetention(record, now, limits) && !pending.has(id)) expired.push(id);
  });
  for (const id of malformed) await onMalformed(id);
  const undeleted = await inBatches(expired, (id) => store.remove(id));
  if (unreadable.length > 0 || undeleted.length > 0) {
    logError("retention: some records not handled; the next run tries again", {
      unreadable: unreadable.slice(0, 5).join(","),
      undeleted: undeleted.slice(0, 5).join(","),
    });
  }
  const run: RetentionRun = {
    deleted: expired.length - undeleted.length,
    kept: ids.length - unreadable.length - expired.length,
    unreadable: unreadable.length,
    undeleted: undeleted.length,
    malformed: malformed.length,
  };
  logInfo("retention run finished", { ...run, leadDays: limits.leadDays, spamDays: limits.spamDays });
  return run;
}
