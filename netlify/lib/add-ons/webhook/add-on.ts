/** The lead webhook add-on: leads and their alerts posted to the team's channel (docs/decisions/0022-lead-webhook-channel.md). */
import type { AddOn } from "../../core/add-on";
import { errorName, logError } from "../../kit/log";
import { postLeadEvent, webhookLead } from "./post-lead-event";
import { leadWebhook } from "./webhook-channel";

export const webhookAddOn: AddOn = {
  name: "lead webhook",
  channel: { lane: "beside", channel: leadWebhook },
  async postAlert(lead, alert, { config, retry, now }) {
    const settings = config.leadWebhook;
    if (!settings) return "failed";
    try {
      const event = { kind: "alert", lead: webhookLead(lead), alert } as const;
      const result = await postLeadEvent(event, settings, now, retry);
      if (result.status === "sent") return "sent";
      logError("lead alert not accepted by the webhook", {
        requestId: lead.id,
        status: result.code,
        error: result.error,
      });
    } catch (error) {
      logError("lead alert not posted to the webhook", { requestId: lead.id, reason: errorName(error) });
    }
    return "failed";
  },
};
