/** Posting one lead event to the webhook, shared by the channel and the alert (docs/decisions/0022-lead-webhook-channel.md). */
import type { LeadWebhookConfig } from "../../core/config";
import type { LeadRecord } from "../../core/leads/lead-record";
import { retrySend, type RetryOptions, type SendResult } from "../../core/delivery/send-result";
import type { LeadEvent, WebhookLead } from "./lead-event";
import { postWebhook } from "./post-webhook";
import { webhookRequest } from "./webhook-request";

/** The part of a stored lead the webhook carries, with its owner and claim link when known. */
export function webhookLead(
  lead: LeadRecord,
  followUp: { owner?: string; claimUrl?: string } = {},
): WebhookLead {
  return {
    id: lead.id,
    receivedAt: lead.receivedAt,
    request: lead.request,
    attribution: lead.attribution,
    suspectedSpam: lead.suspectedSpam,
    ...(lead.emailClass ? { emailClass: lead.emailClass } : {}),
    ...(followUp.owner ? { owner: followUp.owner } : {}),
    ...(followUp.claimUrl ? { claimUrl: followUp.claimUrl } : {}),
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
