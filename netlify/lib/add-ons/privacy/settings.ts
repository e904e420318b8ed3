/**
 * The retention periods, LEAD_RETENTION_DAYS and SPAM_RETENTION_DAYS (docs/decisions/0018-retention-and-erasure.md):
 * unset means the default; an invalid one turns retention off, and the retention job then deletes nothing.
 */
import { z } from "zod";
import { given, type Env, type Setting } from "../../kit/settings";

export const DEFAULT_RETENTION = { leadDays: 180, spamDays: 30 };

/** Days a settled lead and a spam record are kept. */
export type RetentionLimits = typeof DEFAULT_RETENTION;

const days = (fallback: number) => z.coerce.number().int().min(1).max(36_500).default(fallback);

const limitsSchema = z.object({
  LEAD_RETENTION_DAYS: days(DEFAULT_RETENTION.leadDays),
  SPAM_RETENTION_DAYS: days(DEFAULT_RETENTION.spamDays),
});

export const RETENTION_VARIABLES = Object.keys(limitsSchema.shape);

declare module "../../core/config" {
  interface PluginSettings {
    /** Set while the retention periods are valid. */
    retention?: RetentionLimits;
  }
}

/** The periods from `env`, always on when valid; `invalid` names each bad variable (never its value). */
export function retentionSettings(env: Env): Setting<RetentionLimits> {
  const parsed = limitsSchema.safeParse(given(env, RETENTION_VARIABLES));
  if (parsed.success) {
    const { LEAD_RETENTION_DAYS: leadDays, SPAM_RETENTION_DAYS: spamDays } = parsed.data;
    return { state: "on", value: { leadDays, spamDays } };
  }
  const names = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const problems = [...names].map((name) => `${name} must be a whole number of days from 1 to 36500`);
  return { state: "invalid", problems };
}
