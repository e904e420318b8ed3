/**
 * Scheduled daily: deletes stored demo requests past their retention period
 * (docs/decisions/0018-retention-and-erasure.md; netlify/lib/add-ons/privacy/retention-job.ts), with
 * the limits LEAD_RETENTION_DAYS (default 180, counted from when a lead settled) and
 * SPAM_RETENTION_DAYS (default 30), then runs one prune per retention rule that
 * netlify/lib/kit/storage.ts declares (netlify/lib/add-ons/privacy/retention-plan.ts): the
 * confirmation limits' entries they no longer need (docs/decisions/0010-confirmation-limits.md), the
 * spent form tokens, the thanks-page tickets, the follow-up digest records, the applied booking
 * events, the malformed-lead notes, and the follow-up records, markers, booking uid entries and
 * inbox index entries left without a lead. A malformed stored lead is kept and logged, and, when
 * the server's configuration is complete, told to ALERT_EMAIL once
 * (netlify/lib/core/delivery/malformed-lead-alert.ts).
 * Answers the run's counts, e.g. `{ deleted: 2, kept: 310, unreadable: 0, undeleted: 0, malformed: 0 }`;
 * 500 when a limit is malformed (nothing is deleted) or the store cannot be listed. Locally:
 * `npm run leads:retention`.
 */
import type { Config } from "@netlify/functions";
import { getConfig } from "../lib/compose";
import { blobLimitsStore } from "../lib/add-ons/confirmation/confirmation-limits";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import { reportMalformedLead, type MalformedLeadAlerts } from "../lib/core/delivery/malformed-lead-alert";
import { json } from "../lib/kit/http";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../lib/core/leads/lead-store";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { errorName, logError } from "../lib/kit/log";
import { loadRetentionLimits } from "../lib/add-ons/privacy/retention";
import { runRetention } from "../lib/add-ons/privacy/retention-job";
import { runPrunes } from "../lib/add-ons/privacy/retention-plan";

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
    await runPrunes({
      leads: jsonBlobs(LEAD_STORE_NAME),
      limits: blobLimitsStore(),
      leadIds: async () => new Set(await store.ids()),
      now: new Date(),
    });
    return json(200, run);
  } catch (error) {
    logError("retention run failed; the next run tries again", {
      reason: errorName(error),
    });
    return json(500, { error: "Retention run failed" });
  }
};

export const config: Config = { schedule: "@daily" };
