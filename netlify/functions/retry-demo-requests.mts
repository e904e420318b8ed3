/**
 * Scheduled every 5 minutes: delivers the stored demo requests that are not settled yet, and
 * alerts a person about those that cannot be (docs/requirements.md#durable-capture,
 * docs/decisions/0019-lead-path.md; see netlify/lib/delivery/retry-job.ts).
 * Locally: `npm run leads:retry`, which invokes this function through the Netlify emulation.
 */
import type { Config } from "@netlify/functions";
import { getConfig } from "../lib/config";
import { blobConfirmationLimits } from "../lib/delivery/email/confirmation-limits";
import { json } from "../lib/http";
import { createBlobLeadStore } from "../lib/leads/lead-store";
import { logError, logInfo } from "../lib/log";
import { createSendGridMailer } from "../lib/delivery/email/mailer";
import { retryPendingLeads } from "../lib/delivery/retry-job";

export default async (req: Request): Promise<Response> => {
  const configResult = getConfig();
  if (!configResult.ok) {
    logError("server misconfigured", { problems: configResult.problems.join("; ") });
    return json(500, { error: "Server misconfigured" });
  }
  // The local command asks to skip the backoff; the schedule never sends this header.
  const ignoreBackoff = req.headers.get("x-leads-retry") === "now";
  const { config } = configResult;
  const result = await retryPendingLeads({
    store: createBlobLeadStore(),
    limits: blobConfirmationLimits(config),
    mailer: createSendGridMailer(config),
    config,
    ignoreBackoff,
  });
  logInfo("retry run finished", { ...result });
  return json(200, result);
};

export const config: Config = { schedule: "*/5 * * * *" };
