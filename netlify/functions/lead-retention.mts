/**
 * Scheduled daily: deletes leads past retention, then runs the prunes (docs/decisions/0018-retention-and-erasure.md).
 * Answers the run's counts; 500 when a limit is malformed (nothing is deleted) or the store cannot be listed.
 */
import type { Config } from "@netlify/functions";
import { getConfig, partSetting, PLUGINS } from "../lib/compose";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import { reportMalformedLead } from "../lib/core/delivery/alert";
import { json } from "../lib/kit/http";
import { createBlobLeadStore } from "../lib/core/leads/lead-store";
import { LEAD_STORE_NAME, LIMITS_STORE_NAME } from "../lib/kit/storage";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { errorName, logError } from "../lib/kit/log";
import { retentionPrunes, runPrunes, runRetention } from "../lib/add-ons/privacy/retention";

export default async (): Promise<Response> => {
  // Read alone, without the core's variables: retention runs even when the alerts below cannot be sent.
  const limits = partSetting("retention");
  if (limits?.state !== "on") {
    const problems = limits?.state === "invalid" ? limits.problems : [];
    logError("retention misconfigured; nothing deleted", { problems: problems.join("; ") });
    return json(500, { error: "Server misconfigured" });
  }
  try {
    const store = createBlobLeadStore();
    // Malformed leads are e-mailed about when SendGrid and ALERT_EMAIL are configured, else only logged.
    const configResult = getConfig();
    const config = configResult.ok ? configResult.config : undefined;
    const alerts = config && {
      blobs: jsonBlobs(LEAD_STORE_NAME),
      mailer: createSendGridMailer(config),
      config,
    };
    const run = await runRetention({
      store,
      limits: limits.value,
      onMalformed: (id) => reportMalformedLead(id, "the retention job", alerts),
    });
    await runPrunes(
      {
        leads: jsonBlobs(LEAD_STORE_NAME),
        limits: jsonBlobs(LIMITS_STORE_NAME),
        leadIds: async () => new Set(await store.ids()),
        now: new Date(),
      },
      await retentionPrunes(PLUGINS),
    );
    return json(200, run);
  } catch (error) {
    logError("retention run failed; the next run tries again", { reason: errorName(error) });
    return json(500, { error: "Retention run failed" });
  }
};

export const config: Config = { schedule: "@daily" };
