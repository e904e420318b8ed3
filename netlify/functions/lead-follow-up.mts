/**
 * Scheduled every 5 minutes: follow-up reminders and the spam digest (docs/decisions/0029-lead-follow-up.md).
 * Answers the run's counts, or 503 with a fixed text when the store cannot be listed.
 */
import type { Config } from "@netlify/functions";
import { getConfig } from "../lib/compose";
import { runFollowUpCheck } from "../lib/add-ons/follow-up/follow-up-job";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import { json } from "../lib/kit/http";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { createFollowUpStore } from "../lib/add-ons/follow-up/follow-up-store";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../lib/core/leads/lead-store";
import { errorName, logError, logInfo } from "../lib/kit/log";

export default async (): Promise<Response> => {
  const configResult = getConfig();
  if (!configResult.ok) {
    logError("server misconfigured", { problems: configResult.problems.join("; ") });
    return json(500, { error: "Server misconfigured" });
  }
  const { config } = configResult;
  const followUp = config.followUp;
  if (!followUp) {
    logInfo("follow-up is off; nothing checked");
    return json(200, { off: true });
  }
  try {
    const result = await runFollowUpCheck({
      leads: createBlobLeadStore(),
      followUps: createFollowUpStore(jsonBlobs(LEAD_STORE_NAME)),
      mailer: createSendGridMailer(config),
      config: { ...config, followUp },
      malformedNotes: jsonBlobs(LEAD_STORE_NAME),
    });
    logInfo("follow-up run finished", { ...result });
    return json(200, result);
  } catch (error) {
    logError("LEAD FOLLOW-UP: the follow-up check could not run", {
      reason: errorName(error),
    });
    return json(503, { error: "Lead store unavailable" });
  }
};

export const config: Config = { schedule: "*/5 * * * *" };
