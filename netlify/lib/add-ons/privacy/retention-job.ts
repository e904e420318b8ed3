/**
 * The daily retention job (docs/requirements.md#personal-data; docs/decisions/0018-retention-and-erasure.md).
 * A lead with a pending marker is never deleted: the retry job may still deliver it. A failed read or
 * delete is counted and retried next run; a malformed record is kept, never deleted on a guess.
 */
import { inBatches } from "../../kit/in-batches";
import { logMalformedLead, MalformedLeadError } from "../../core/leads/lead-record-schema";
import { logError, logInfo } from "../../kit/log";
import { isPastRetention, type RetainedRecord, type RetentionLimits } from "./retention";

export interface RetentionStore {
  ids(): Promise<string[]>;
  /** The ids with a pending marker: leads the retry job has not settled. */
  pendingIds(): Promise<string[]>;
  get(id: string): Promise<RetainedRecord | null>;
  remove(id: string): Promise<void>;
}

/** Counts of one run, e.g. `{ deleted: 3, kept: 120, unreadable: 0, undeleted: 0, malformed: 0 }`. */
export interface RetentionRun {
  deleted: number;
  kept: number;
  unreadable: number;
  undeleted: number;
  malformed: number;
}

/** One run at `now`; `onMalformed` reports a malformed record (default: the log line). */
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
