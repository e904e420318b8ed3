/**
 * Retention (docs/decisions/0018-retention-and-erasure.md): the daily run's lead rule and its prunes by each rule of
 * netlify/lib/kit/storage.ts. Anything unrecognised, malformed or pending is kept: deleting a lead cannot be undone.
 */
import type { Plugin, Prune, PruneTargets } from "../../core/plugin";
import { inBatches } from "../../kit/jobs";
import { deleteExpired } from "../../kit/json-blobs";
import { errorName, logError, logInfo } from "../../kit/log";
import { LIMITS_STORE_NAME, STORAGE, type StorageName } from "../../kit/storage";
import { logMalformedLead, readEach } from "../../core/leads/lead-record";
import { pruneOrphanInboxEntries } from "../../core/leads/lead-store";
import type { RetentionLimits } from "./settings";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The record fields the rule reads (ISO 8601 times). */
export interface RetainedRecord {
  id: string;
  state: string;
  receivedAt: string;
  settledAt?: string;
  deliveries?: Record<string, { sentAt?: string; lastAttemptAt?: string } | undefined>;
  alert?: { at?: string };
}

const SETTLED_STATES: ReadonlySet<string> = new Set(["sent", "failed", "unconfirmed"]);

/** True when `record` is past its period at `now`; without `settledAt` it counts from the latest time it holds. */
export function isPastRetention(record: RetainedRecord, now: Date, limits: RetentionLimits): boolean {
  const past = (from: number, days: number) => !Number.isNaN(from) && now.getTime() - from >= days * DAY_MS;
  if (record.state === "spam") return past(Date.parse(record.receivedAt), limits.spamDays);
  if (!SETTLED_STATES.has(record.state)) return false;
  if (record.settledAt) return past(Date.parse(record.settledAt), limits.leadDays);
  const deliveries = Object.values(record.deliveries ?? {});
  const times = [
    ...deliveries.flatMap((delivery) => [delivery?.sentAt, delivery?.lastAttemptAt]),
    record.alert?.at,
    record.receivedAt,
  ]
    .map((time) => Date.parse(time ?? ""))
    .filter((time) => !Number.isNaN(time));
  return past(times.length > 0 ? Math.max(...times) : NaN, limits.leadDays);
}

export interface RetentionStore {
  ids(): Promise<string[]>;
  /** The ids with a pending marker: leads the retry job has not settled. */
  pendingIds(): Promise<string[]>;
  get(id: string): Promise<RetainedRecord | null>;
  remove(id: string): Promise<void>;
}

/** One run at `now`, resolving `{ deleted, kept, unreadable, undeleted, malformed }`; throws when ids cannot be listed. */
export async function runRetention(options: {
  store: RetentionStore;
  limits: RetentionLimits;
  now?: Date;
  onMalformed?: (id: string) => Promise<void>;
}) {
  const { store, limits, now = new Date() } = options;
  const onMalformed =
    options.onMalformed ?? (async (id: string) => logMalformedLead(id, "the retention job"));
  const ids = await store.ids();
  const pending = new Set(await store.pendingIds());
  const { records, unreadable, malformed } = await readEach(store, ids);
  const expired = records
    .filter((record) => isPastRetention(record, now, limits) && !pending.has(record.id))
    .map((record) => record.id);
  for (const id of malformed) await onMalformed(id);
  const undeleted = await inBatches(expired, (id) => store.remove(id));
  if (unreadable.length > 0 || undeleted.length > 0) {
    logError("retention: some records not handled; the next run tries again", {
      unreadable: unreadable.slice(0, 5).join(","),
      undeleted: undeleted.slice(0, 5).join(","),
    });
  }
  const run = {
    deleted: expired.length - undeleted.length,
    kept: ids.length - unreadable.length - expired.length,
    unreadable: unreadable.length,
    undeleted: undeleted.length,
    malformed: malformed.length,
  };
  logInfo("retention run finished", { ...run, leadDays: limits.leadDays, spamDays: limits.spamDays });
  return run;
}

const expired = (what: string, name: StorageName): Prune => ({
  what,
  covers: [name],
  run: ({ leads, limits, now }) =>
    deleteExpired(STORAGE[name].store === LIMITS_STORE_NAME ? limits : leads, STORAGE[name].prefix, now),
});

// What expires by its own time, whoever wrote it; each plugin prunes what only it can judge.
const EXPIRY_PRUNES: readonly Prune[] = [
  expired("spent form tokens", "formTokens"),
  expired("thanks-page tickets", "tickets"),
  expired("suspected-spam digest records", "digests"),
  expired("weekly summary records", "summaries"),
  expired("applied booking events", "bookingEvents"),
  expired("settings alert notes", "settingsAlerts"),
  expired("CRM token alert notes", "crmAlerts"),
  expired("malformed-lead notes", "malformed"),
];

const INBOX_PRUNE: Prune = {
  what: "inbox index entries of erased leads",
  covers: ["inboxes"],
  run: async ({ leads, leadIds, now }) => pruneOrphanInboxEntries(leads, await leadIds(), now),
};

/**
 * The daily run's prunes besides the lead rule, one per rule of netlify/lib/kit/storage.ts: those by expiry, each of
 * `plugins`' own (on or off: their stored data outlives the setting), then the inbox index. Rejects when a plugin's
 * prunes cannot be loaded.
 */
export async function retentionPrunes(plugins: readonly Plugin[]): Promise<Prune[]> {
  const own = await Promise.all(plugins.map(async (plugin) => (await plugin.privacy?.prunes?.()) ?? []));
  return [...EXPIRY_PRUNES, ...own.flat(), INBOX_PRUNE];
}

/** Runs `prunes` in order, logging one that throws. @returns deleted-key counts or "failed", by `what` */
export async function runPrunes(
  targets: PruneTargets,
  prunes: readonly Prune[],
): Promise<Record<string, number | "failed">> {
  const counts: Record<string, number | "failed"> = {};
  for (const prune of prunes) {
    counts[prune.what] = await prune.run(targets).catch((error: unknown) => {
      logError(`${prune.what} not pruned; the next run tries again`, { reason: errorName(error) });
      return "failed" as const;
    });
  }
  return counts;
}
