/**
 * The lead webhook channel (issue 16; decision 0022): every stored lead is also POSTed to
 * LEAD_WEBHOOK_URL in LEAD_WEBHOOK_FORMAT, beside the sales e-mail and never waiting for it.
 * Skipped when no webhook is configured. Each attempt is built afresh (a Standard Webhooks
 * signature covers its own timestamp) under the same `webhook-id`, the lead id; retried within
 * the request like an e-mail (netlify/lib/delivery/email/mailer.ts `retrySend`), then by the retry job.
 *
 * The URL is never logged: it is a credential.
 */
import type { DeliveryChannel } from "../delivery-channel";
import type { LeadWebhookConfig } from "../../config";
import type { LeadRecord } from "../../leads/lead-record";
import { logError, logInfo } from "../../log";
import { retrySend, type RetryOptions, type SendResult } from "../email/mailer";
import type { LeadEvent, WebhookLead } from "./lead-event";
import { postWebhook } from "./post-webhook";
import { webhookRequest } from "./webhook-request";

/** The part of a stored lead the webhook carries. */
export function webhookLead(lead: LeadRecord): WebhookLead {
  return {
    id: lead.id,
    receivedAt: lead.receivedAt,
    request: lead.request,
    attribution: lead.attribution,
    suspectedSpam: lead.suspectedSpam,
  };
}

/** Posts `event` to the configured webhook, each attempt signed at its own time; never throws. */
export function postLeadEvent(
  event: LeadEvent,
  settings: LeadWebhookConfig,
  now: () => Date,
  retry?: RetryOptions,
): Promise<SendResult & { attempts: number }> {
  return retrySend(
    () =>
      postWebhook(settings.url, webhookRequest(event, settings, now()), { timeoutMs: settings.timeoutMs }),
    retry,
  );
}

export const leadWebhook: DeliveryChannel = {
  name: "webhook",
  plan: (_lead, { config }) => (config.leadWebhook ? "send" : { skip: "LEAD_WEBHOOK_URL is not set" }),
  async send(lead, { config, retry, now }) {
    const settings = config.leadWebhook;
    if (!settings) return { status: "permanent", error: "LEAD_WEBHOOK_URL is not set", code: 0, attempts: 0 };
    const result = await postLeadEvent({ kind: "lead", lead: webhookLead(lead) }, settings, now, retry);
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
