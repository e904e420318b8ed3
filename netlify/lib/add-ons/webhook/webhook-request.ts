/** The request for one webhook attempt in the configured format (docs/decisions/0022-lead-webhook-channel.md). */
import type { WebhookFormat } from "../../core/config";
import { eventId, type LeadEvent } from "./lead-event";
import { slackMessage } from "./slack";
import { signedStandardRequest } from "./standard";
import { teamsMessage } from "./teams";

export interface WebhookFormatSettings {
  format: WebhookFormat;
  secret?: string;
  slackButtons?: boolean;
}

export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/** Builds the attempt made at `now`; throws only for `standard` without a usable secret. */
export function webhookRequest(event: LeadEvent, settings: WebhookFormatSettings, now: Date): WebhookRequest {
  const json = { "content-type": "application/json" };
  if (settings.format === "standard") {
    if (!settings.secret) throw new Error("LEAD_WEBHOOK_SECRET is required for the standard format");
    const signed = signedStandardRequest(event, settings.secret, now);
    return { body: signed.body, headers: { ...json, ...signed.headers } };
  }
  const message =
    settings.format === "slack"
      ? slackMessage(event, { buttons: settings.slackButtons })
      : teamsMessage(event);
  return { body: JSON.stringify(message), headers: { ...json, "webhook-id": eventId(event) } };
}
