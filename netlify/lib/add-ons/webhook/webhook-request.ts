/**
 * The HTTP request for one webhook delivery attempt in the configured format (LEAD_WEBHOOK_FORMAT;
 * docs/decisions/0022-lead-webhook-channel.md): `slack`, `teams` or `standard`. Every format is JSON and
 * carries the event's stable `webhook-id`; only `standard` is signed.
 */
import type { WebhookFormat } from "../../core/config";
import { eventId, type LeadEvent } from "./lead-event";
import { slackMessage } from "./slack";
import { signedStandardRequest } from "./standard";
import { teamsMessage } from "./teams";

/** The format and, for `standard`, the signing secret (config.ts guarantees it is set then). */
export interface WebhookFormatSettings {
  format: WebhookFormat;
  secret?: string;
  /** Slack only: follow-up buttons instead of the claim link (config.ts `slackButtons`). */
  slackButtons?: boolean;
}

export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/**
 * Builds the attempt made at `now`. Throws only for `standard` without a usable secret, which
 * the configuration check rules out.
 */
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
