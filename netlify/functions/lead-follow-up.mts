/**
 * Scheduled every 5 minutes: follow-up reminders and the spam digest (docs/decisions/0029-lead-follow-up.md),
 * then the Monday summary when it is due (docs/decisions/0038-weekly-summary.md). Answers the run's counts
 * and the summary's outcome, or 503 with a fixed text when the store cannot be listed.
 */
import type { Config } from "@netlify/functions";
import { addOnsFor, getConfig, PLUGINS } from "../lib/compose";
import { runFollowUpCheck } from "../lib/add-ons/follow-up/follow-up-job";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import { json, misconfigured } from "../lib/kit/http";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { createFollowUpStore } from "../lib/add-ons/follow-up/follow-up-store";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../lib/core/leads/lead-store";
import { runWeeklySummary } from "../lib/add-ons/follow-up/summary-job";
import { followUpRows } from "../lib/add-ons/follow-up/lead-export";
import { leadColumns, leadExports, leadsToCsv } from "../lib/add-ons/privacy/leads-csv";
import { errorName, logError, logInfo } from "../lib/kit/log";

export default async (): Promise<Response> => {
  const configResult = getConfig();
  if (!configResult.ok) return misconfigured(configResult.problems);
  const { config } = configResult;
  const followUp = config.followUp;
  if (!followUp) {
    logInfo("follow-up is off; nothing checked");
    return json(200, { off: true });
  }
  const blobs = jsonBlobs(LEAD_STORE_NAME);
  const stores = {
    leads: createBlobLeadStore(),
    followUps: createFollowUpStore(blobs),
    mailer: createSendGridMailer(config),
    config: { ...config, followUp },
    addOns: await addOnsFor(config),
  };
  try {
    const result = await runFollowUpCheck({ ...stores, malformedNotes: blobs });
    logInfo("follow-up run finished", { ...result });
    // The attachment is the leads export, every plugin's columns, over the follow-up records the summary read.
    const summary = await leadExports(PLUGINS)
      .then((parts) => {
        const columns = leadColumns(parts);
        return runWeeklySummary({
          ...stores,
          blobs,
          leadsCsv: (records, followUps, hours) =>
            leadsToCsv(records, columns, followUpRows(records, followUps, hours)),
        });
      })
      .catch((error: unknown) => {
        logError("weekly summary not sent; the next run tries again", { reason: errorName(error) });
        return "failed" as const;
      });
    return json(200, { ...result, summary });
  } catch (error) {
    logError("LEAD FOLLOW-UP: the follow-up check could not run", { reason: errorName(error) });
    return json(503, { error: "Lead store unavailable" });
  }
};

export const config: Config = { schedule: "*/5 * * * *" };
