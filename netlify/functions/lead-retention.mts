/**
 * Scheduled daily: deletes stored demo requests past their retention period
 * (docs/decisions/0018-retention-and-erasure.md; netlify/lib/add-ons/privacy/retention-job.ts), with the
 * limits LEAD_RETENTION_DAYS (default 180,
 * counted from when a lead settled) and SPAM_RETENTION_DAYS (default 30), then prunes the
 * confirmation limits of entries they no longer need (docs/decisions/0010-confirmation-limits.md,
 * netlify/lib/add-ons/confirmation/confirmation-limits.ts), the spent form tokens, the thanks-page
 * tickets, the follow-up digest records, the applied booking events
 * (netlify/lib/add-ons/booking/booking-events.ts), the malformed-lead notes
 * (netlify/lib/core/leads/lead-record-schema.ts), and the follow-up records, markers, booking uid entries
 * (netlify/lib/add-ons/follow-up/follow-up-store.ts) and inbox index entries (netlify/lib/core/leads/lead-store.ts)
 * left without a lead. A malformed stored lead is kept and logged, and, when the server's
 * configuration is complete, told to ALERT_EMAIL once (netlify/lib/core/delivery/malformed-lead-alert.ts).
 * Answers the run's counts, e.g. `{ deleted: 2, kept: 310, unreadable: 0, undeleted: 0, malformed: 0 }`;
 * 500 when a limit is malformed (nothing is deleted) or the store cannot be listed. Locally:
 * `npm run leads:retention`.
 */
import type { Config } from "@netlify/functions";
import { getConfig } from "../lib/compose";
import { pruneSettingsAlerts } from "../lib/core/delivery/settings-alert";
import { blobLimitsStore, pruneConfirmationLimits } from "../lib/add-ons/confirmation/confirmation-limits";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import { reportMalformedLead, type MalformedLeadAlerts } from "../lib/core/delivery/malformed-lead-alert";
import { json } from "../lib/kit/http";
import { createBlobLeadStore, LEAD_STORE_NAME, pruneOrphanInboxEntries } from "../lib/core/leads/lead-store";
import { pruneFormTokenNonces } from "../lib/core/spam/form-token-nonces";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { pruneThanksTickets } from "../lib/add-ons/booking/thanks-tickets";
import { pruneDigests, pruneOrphanFollowUps } from "../lib/add-ons/follow-up/follow-up-store";
import { pruneBookingEvents } from "../lib/add-ons/booking/booking-events";
import { pruneMalformedNotes } from "../lib/core/leads/lead-record-schema";
import { errorName, logError } from "../lib/kit/log";
import { loadRetentionLimits } from "../lib/add-ons/privacy/retention";
import { runRetention } from "../lib/add-ons/privacy/retention-job";

/** The alerts about malformed leads, when SendGrid and ALERT_EMAIL are configured; else they are only logged. */
function malformedLeadAlerts(): MalformedLeadAlerts | undefined {
  const result = getConfig();
  if (!result.ok) return undefined;
  return {
    blobs: jsonBlobs(LEAD_STORE_NAME),
    mailer: createSendGridMailer(result.config),
    config: result.config,
  };
}

export default async (): Promise<Response> => {
  const limits = loadRetentionLimits();
  if (!limits.ok) {
    logError("retention misconfigured; nothing deleted", { problems: limits.problems.join("; ") });
    return json(500, { error: "Server misconfigured" });
  }
  try {
    const store = createBlobLeadStore();
    const alerts = malformedLeadAlerts();
    const run = await runRetention({
      store,
      limits: limits.limits,
      onMalformed: (id) => reportMalformedLead(id, "the retention job", alerts),
    });
    const now = new Date();
    // What the spam layers keep only for a while: the confirmation bounds, spent form tokens and
    // the thanks page's tickets (decision docs/decisions/0028-second-hostile-review.md).
    const pruned = [
      ["confirmation limits", () => pruneConfirmationLimits(blobLimitsStore(), now)],
      ["spent form tokens", () => pruneFormTokenNonces(blobLimitsStore(), now)],
      ["thanks-page tickets", () => pruneThanksTickets(jsonBlobs(LEAD_STORE_NAME), now)],
      ["suspected-spam digest records", () => pruneDigests(jsonBlobs(LEAD_STORE_NAME), now)],
      ["applied booking events", () => pruneBookingEvents(jsonBlobs(LEAD_STORE_NAME), now)],
      ["settings alert notes", () => pruneSettingsAlerts(jsonBlobs(LEAD_STORE_NAME), now)],
      ["malformed-lead notes", () => pruneMalformedNotes(jsonBlobs(LEAD_STORE_NAME), now)],
      [
        "follow-up records of erased leads",
        async () => pruneOrphanFollowUps(jsonBlobs(LEAD_STORE_NAME), new Set(await store.ids()), now),
      ],
      [
        "inbox index entries of erased leads",
        async () => pruneOrphanInboxEntries(jsonBlobs(LEAD_STORE_NAME), new Set(await store.ids()), now),
      ],
    ] as const;
    for (const [what, prune] of pruned) {
      await prune().catch((error: unknown) => {
        logError(`${what} not pruned; the next run tries again`, {
          reason: errorName(error),
        });
      });
    }
    return json(200, run);
  } catch (error) {
    logError("retention run failed; the next run tries again", {
      reason: errorName(error),
    });
    return json(500, { error: "Retention run failed" });
  }
};

export const config: Config = { schedule: "@daily" };
