/**
 * The re-send job for stored demo requests whose sales e-mail was not accepted (issue 4).
 * Run every 5 minutes by the scheduled function `retry-demo-requests`, and locally by
 * `npm run leads:retry`.
 *
 * Oldest first; a record waits `nextAttemptDelayMs(attempts)` after its last attempt
 * (unless `ignoreBackoff`), one never attempted waits `IN_FLIGHT_GRACE_MS` after it arrived;
 * older than `maxAgeMs` (a day) it becomes `failed` with a loud log line. The run stops early
 * after 3 consecutive failures (SendGrid is down; no point hammering it). Sent records also get
 * their confirmation e-mail, within its bounds (netlify/lib/confirmation.ts). With `settled` (netlify/lib/settled-leads.ts) a run reads only new
 * and pending records.
 */
import type { ServerConfig } from "./config";
import { sendConfirmation } from "./confirmation";
import type { ConfirmationLimits } from "./confirmation-limits";
import type { LeadRecord, LeadStore } from "./lead-store";
import { logError, logInfo } from "./log";
import { sendWithRetry, type Mailer, type RetryOptions } from "./mailer";
import { buildSalesEmail } from "./messages";
import { readPending } from "./read-pending";
import type { SettledLeadIds } from "./settled-leads";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * How long the job leaves a record that no attempt has been recorded for: its own request may
 * still be sending the sales e-mail (Netlify stops a synchronous function after 60 s), and a
 * second send would give sales a duplicate lead. Holds for `ignoreBackoff` runs too.
 */
export const IN_FLIGHT_GRACE_MS = 2 * MINUTE;

/** Wait before the next attempt after `attempts` failed ones: 1, 2, 4, ... minutes, at most 1 hour. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);
}

export interface RetryJobOptions {
  store: LeadStore;
  mailer: Mailer;
  config: ServerConfig;
  /** The bounds on confirmation e-mails (issue 13). */
  limits: ConfirmationLimits;
  now?: () => Date;
  maxAgeMs?: number;
  ignoreBackoff?: boolean;
  retry?: RetryOptions;
  /** Ids the job need not read again; without it every record is read on every run. */
  settled?: SettledLeadIds;
}

/** Counts of what one run did, e.g. `{ sent: 2, failed: 0, waiting: 1 }`. */
export interface RetryJobResult {
  sent: number;
  failed: number;
  waiting: number;
}

/**
 * Runs the job once over every pending record. Store errors other than one record's read
 * propagate (the run is retried next time); see read-pending.ts.
 */
export async function retryPendingLeads(options: RetryJobOptions): Promise<RetryJobResult> {
  const { store, mailer, config, now = () => new Date(), maxAgeMs = DAY, ignoreBackoff = false } = options;
  // The grace is judged at read time: a record read while its request was in flight is left to
  // that request even when a slow run reaches it minutes later.
  const readAt = now().getTime();
  const { pending, saved, known } = await readPending(store, options.settled);
  const result: RetryJobResult = { sent: 0, failed: 0, waiting: 0 };
  let consecutiveFailures = 0;

  for (const record of pending) {
    const t = now().getTime();
    if (t - Date.parse(record.receivedAt) > maxAgeMs) {
      await store.update({ ...record, state: "failed" });
      known.add(record.id);
      result.failed += 1;
      logError("LEAD FAILED: sales e-mail not accepted for a day; contact this prospect by hand", {
        requestId: record.id,
        attempts: record.attempts,
        lastError: record.lastError,
      });
      continue;
    }
    const last = record.lastAttemptAt ? Date.parse(record.lastAttemptAt) : 0;
    const inFlight = !record.lastAttemptAt && readAt - Date.parse(record.receivedAt) < IN_FLIGHT_GRACE_MS;
    if (
      inFlight ||
      consecutiveFailures >= 3 ||
      (!ignoreBackoff && t - last < nextAttemptDelayMs(record.attempts))
    ) {
      result.waiting += 1;
      continue;
    }
    const sales = buildSalesEmail(record.request, {
      ...config,
      receivedAt: new Date(record.receivedAt),
      requestId: record.id,
      suspectedSpam: record.suspectedSpam,
    });
    const sent = await sendWithRetry(mailer, sales, options.retry);
    const updated: LeadRecord = {
      ...record,
      attempts: record.attempts + sent.attempts,
      lastAttemptAt: now().toISOString(),
    };
    if (sent.status === "sent") {
      consecutiveFailures = 0;
      updated.state = "sent";
      updated.sentAt = updated.lastAttemptAt;
      updated.confirmationSent =
        updated.confirmationSent ||
        (await sendConfirmation({ mailer, config, limits: options.limits }, updated));
      result.sent += 1;
      logInfo("pending lead delivered", { requestId: record.id, attempts: updated.attempts });
    } else {
      consecutiveFailures += 1;
      updated.lastError = sent.error;
      result.waiting += 1;
      logError("pending lead still not accepted", {
        requestId: record.id,
        status: sent.code,
        error: sent.error,
      });
    }
    await store.update(updated);
    if (updated.state === "sent") known.add(record.id);
  }
  if (options.settled && (known.size !== saved.size || [...known].some((id) => !saved.has(id)))) {
    await options.settled.save(known).catch((error: unknown) => {
      logError("settled lead ids not saved; the next run reads more records", { error: String(error) });
    });
  }
  return result;
}
