/**
 * The retention rule (docs/decisions/0018-retention-and-erasure.md): a lead goes `LEAD_RETENTION_DAYS` after it
 * settled, spam `SPAM_RETENTION_DAYS` after arrival. Anything unrecognised is kept: keeping too long can be
 * fixed later, deleting a lead cannot.
 */
import { z } from "zod";

export interface RetentionLimits {
  leadDays: number;
  spamDays: number;
}

export const DEFAULT_RETENTION: Readonly<RetentionLimits> = { leadDays: 180, spamDays: 30 };

const DAY_MS = 24 * 60 * 60 * 1000;

const days = (fallback: number) => z.coerce.number().int().min(1).max(36_500).default(fallback);

const limitsSchema = z.object({
  LEAD_RETENTION_DAYS: days(DEFAULT_RETENTION.leadDays),
  SPAM_RETENTION_DAYS: days(DEFAULT_RETENTION.spamDays),
});

export const RETENTION_VARIABLES = Object.keys(limitsSchema.shape);

export type RetentionLimitsResult = { ok: true; limits: RetentionLimits } | { ok: false; problems: string[] };

/** Reads the limits from `env`; an invalid value is a problem, and the job then deletes nothing. */
export function loadRetentionLimits(
  env: Record<string, string | undefined> = process.env,
): RetentionLimitsResult {
  const set = (name: keyof typeof limitsSchema.shape) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const parsed = limitsSchema.safeParse({
    LEAD_RETENTION_DAYS: set("LEAD_RETENTION_DAYS"),
    SPAM_RETENTION_DAYS: set("SPAM_RETENTION_DAYS"),
  });
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    return {
      ok: false,
      problems: names.map((name) => `${name} must be a whole number of days from 1 to 36500`),
    };
  }
  return {
    ok: true,
    limits: { leadDays: parsed.data.LEAD_RETENTION_DAYS, spamDays: parsed.data.SPAM_RETENTION_DAYS },
  };
}

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

/** The latest of `times` that parses, in epoch ms; NaN when none does. */
function latest(times: Array<string | undefined>): number {
  const parsed = times
    .map((time) => (time === undefined ? NaN : Date.parse(time)))
    .filter((t) => !Number.isNaN(t));
  return parsed.length > 0 ? Math.max(...parsed) : NaN;
}

/**
 * When the record's retention started (epoch ms) and its length in days; undefined when kept. A lead
 * without `settledAt` counts from the latest time it holds, so it is never deleted early.
 */
export function retentionPeriod(
  record: RetainedRecord,
  limits: RetentionLimits,
): { from: number; days: number } | undefined {
  let from: number;
  let periodDays: number;
  if (SETTLED_STATES.has(record.state)) {
    const deliveries = Object.values(record.deliveries ?? {});
    from = record.settledAt
      ? Date.parse(record.settledAt)
      : latest([
          ...deliveries.flatMap((delivery) => [delivery?.sentAt, delivery?.lastAttemptAt]),
          record.alert?.at,
          record.receivedAt,
        ]);
    periodDays = limits.leadDays;
  } else if (record.state === "spam") {
    from = Date.parse(record.receivedAt);
    periodDays = limits.spamDays;
  } else return undefined;
  return Number.isNaN(from) ? undefined : { from, days: periodDays };
}

/** True when `record` is past its retention period at `now`. */
export function isPastRetention(record: RetainedRecord, now: Date, limits: RetentionLimits): boolean {
  const period = retentionPeriod(record, limits);
  return period !== undefined && now.getTime() - period.from >= period.days * DAY_MS;
}

/** The ids among `records` past their retention period at `now`, in the given order. */
export function expiredIds(records: readonly RetainedRecord[], now: Date, limits: RetentionLimits): string[] {
  return records.filter((record) => isPastRetention(record, now, limits)).map((record) => record.id);
}
