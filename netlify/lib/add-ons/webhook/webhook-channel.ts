/**
 * The lead webhook channel (docs/decisions/0022-lead-webhook-channel.md): each lead POSTed beside the sales
 * e-mail, each attempt built afresh under one `webhook-id`. The URL is never logged: it is a credential.
 */
import type { DeliveryChannel } from "../../core/delivery/delivery-channel";
import { logError, logInfo } from "../../kit/log";
import { claimUrlFor } from "../follow-up/claim-link";
import { postLeadEvent, webhookLead } from "./post-lead-event";

export const leadWebhook: DeliveryChannel = {
  name: "webhook",
  plan: (_lead, { config }) => (config.leadWebhook ? "send" : { skip: "LEAD_WEBHOOK_URL is not set" }),
  async send(lead, { config, retry, now }) {
    const settings = config.leadWebhook;
    if (!settings) return { status: "permanent", error: "LEAD_WEBHOOK_URL is not set", code: 0, attempts: 0 };
    const claimUrl = claimUrlFor(config, lead.id);
    const event = { kind: "lead", lead: webhookLead(lead, { claimUrl }) } as const;
    const result = await postLeadEvent(event, settings, now, retry);
    if (result.status === "sent") {
      logInfo("lead webhook accepted", {
        requestId: lead.id,
        format: settings.format,
        attempts: result.attempts,
      });
    } else {
      logError(
        result.status === "permanent" ? "lead webhook refused for good" : "lead webhook not accepted",
        {
          requestId: lead.id,
          format: settings.format,
          status: result.code,
          error: result.error,
          attempts: result.attempts,
        },
      );
    }
    return result;
  },
};
