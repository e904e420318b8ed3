/**
 * The lead webhook add-on (docs/decisions/0022-lead-webhook-channel.md,
 * docs/decisions/0034-core-and-add-ons.md): every lead also POSTed to the team's channel beside
 * the sales e-mail, and the alert a lead causes posted there too.
 */
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
