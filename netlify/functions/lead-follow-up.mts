/**
 * Scheduled every 5 minutes: follow-up reminders and the spam digest (docs/decisions/0029-lead-follow-up.md),
 * then each add-on's run after it: the Monday summary when it is due (docs/decisions/0038-weekly-summary.md,
 * 0048-summary-plugin.md). Answers the run's counts and each later run's outcome under its name, or 503 with a
 * fixed text when the store cannot be listed.
 */
import type { Config } from "@netlify/functions";
import { addOnsFor, getConfig, PLUGINS } from "../lib/compose";
import { runFollowUpCheck } from "../lib/add-ons/follow-up/follow-up-job";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import { json, misconfigured } from "../lib/kit/http";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { createFollowUpStore } from "../lib/add-ons/follow-up/follow-up-store";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../lib/core/leads/lead-store";
import type { LeadRecord } from "../lib/core/leads/lead-record";
import { exportCsv } from "../lib/add-ons/privacy/leads-csv";
import { followUpReaderOf, type FollowUpRunContext } from "../lib/core/follow-up-hooks";
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
    const { leads, mailer, addOns } = stores;
    // Follow-up is on, so its add-on gives the reader; the summary's attachment is the leads export.
    const reader = followUpReaderOf(addOns, config);
    const runs: Record<string, string> = {};
    if (reader) {
      const leadsCsv = (records: readonly LeadRecord[]) => exportCsv(records, blobs, PLUGINS, config);
      const context: FollowUpRunContext = { config, leads, blobs, addOns, mailer, reader, leadsCsv };
      for (const { followUpRun } of addOns) {
        if (followUpRun) runs[followUpRun.name] = await followUpRun.run(context);
      }
    }
    return json(200, { ...result, ...runs });
  } catch (error) {
    logError("LEAD FOLLOW-UP: the follow-up check could not run", { reason: errorName(error) });
    return json(503, { error: "Lead store unavailable" });
  }
};

export const config: Config = { schedule: "*/5 * * * *" };
