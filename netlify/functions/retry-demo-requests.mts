/**
 * Scheduled every 5 minutes: delivers unsettled leads and the lead events still due, and once a day e-mails invalid
 * settings (docs/decisions/0019-lead-path.md, docs/decisions/0044-durable-lead-events.md). Answers the run's counts,
 * or 503 when the store cannot be listed.
 */
import type { Config } from "@netlify/functions";
import { addOnsFor, getConfig, invalidParts } from "../lib/compose";
import { tellInvalidSettings } from "../lib/core/delivery/alert";
import { json, misconfigured } from "../lib/kit/http";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../lib/core/leads/lead-store";
import { errorName, logError, logInfo } from "../lib/kit/log";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import { retryPendingLeads } from "../lib/core/delivery/retry-job";

export default async (req: Request): Promise<Response> => {
  const configResult = getConfig();
  if (!configResult.ok) return misconfigured(configResult.problems);
  // The local command asks to skip the backoff; the schedule never sends this header.
  const ignoreBackoff = req.headers.get("x-leads-retry") === "now";
  const { config } = configResult;
  const mailer = createSendGridMailer(config);
  await tellInvalidSettings(invalidParts(configResult), {
    blobs: jsonBlobs(LEAD_STORE_NAME),
    mailer,
    config,
    now: new Date(),
  });
  try {
    const result = await retryPendingLeads({
      store: createBlobLeadStore(),
      addOns: await addOnsFor(config),
      mailer,
      config,
      ignoreBackoff,
      malformedNotes: jsonBlobs(LEAD_STORE_NAME),
      leadEvents: jsonBlobs(LEAD_STORE_NAME),
    });
    logInfo("retry run finished", { ...result });
    return json(200, result);
  } catch (error) {
    logError("retry run could not list the pending leads; the next run tries again", {
      reason: errorName(error),
    });
    return json(503, { error: "Lead store unavailable" });
  }
};

export const config: Config = { schedule: "*/5 * * * *" };
