/**
 * Posting one lead event to the webhook in the configured format (docs/decisions/0022-lead-webhook-channel.md).
 * `standard` is signed per Standard Webhooks: `webhook-id` stays the same on retries, the timestamp and
 * signature are made per attempt. Errors never name the URL: it is the credential.
 */
import { Webhook } from "standardwebhooks";
import type { LeadWebhookConfig } from "./settings";
import type { LeadRecord } from "../../core/leads/lead-record";
import { retrySend, type RetryOptions } from "../../core/delivery/mailer";
import { postWebhook, type WebhookRequest } from "../../kit/webhook-post";
import { eventId, type LeadEvent, type WebhookLead } from "./lead-event";
import type { TeamNotice } from "../../core/add-on";
import { slackFieldsMessage, slackMessage } from "./slack";
import { teamsLinesMessage, teamsMessage } from "./teams";

/** The part of a stored lead the webhook carries, with its owner, claim link and lead lines when known. */
export function webhookLead(
  lead: LeadRecord,
  followUp: { owner?: string; claimUrl?: string; lines?: readonly string[] } = {},
): WebhookLead {
  const { id, receivedAt, request, attribution, suspectedSpam, emailClass } = lead;
  return { id, receivedAt, request, attribution, suspectedSpam, emailClass, ...followUp };
}

/**
 * The `standard` payload of `event`; an alert goes under `data.alert`, a suspicion under `data.suspectedSpam`, the
 * lead lines under `data.lines` when there are any.
 */
export function standardPayload(event: LeadEvent, now: Date) {
  const { id, receivedAt, request, attribution, suspectedSpam, owner, claimUrl, emailClass, lines } =
    event.lead;
  const data: Record<string, unknown> = { id, receivedAt, ...request, attribution: attribution ?? {} };
  if (suspectedSpam) data.suspectedSpam = suspectedSpam;
  if (owner) data.owner = owner;
  if (emailClass) data.emailClass = emailClass;
  if (claimUrl) data.claimUrl = claimUrl;
  if (lines && lines.length > 0) data.lines = lines;
  if (event.kind === "alert") data.alert = event.alert;
  if (event.kind === "update") data.update = event.update;
  return {
    type: event.kind === "lead" ? "lead.received" : event.kind === "update" ? "lead.updated" : "lead.alert",
    timestamp: now.toISOString(),
    data,
  };
}

/** Builds the attempt made at `now`; throws only for `standard` without a usable (base64) secret. */
export function webhookRequest(
  event: LeadEvent,
  settings: Pick<LeadWebhookConfig, "format" | "secret" | "slackButtons">,
  now: Date,
): WebhookRequest {
  return formatRequest(eventId(event), settings, now, {
    standard: () => standardPayload(event, now),
    slack: () => slackMessage(event, { buttons: settings.slackButtons }),
    teams: () => teamsMessage(event),
  });
}

/** The attempt at `now` of a team `notice`: its `type` and `data` in the standard format, its lines for Slack and Teams. */
export function noticeRequest(
  notice: TeamNotice,
  settings: Pick<LeadWebhookConfig, "format" | "secret">,
  now: Date,
): WebhookRequest {
  const lines = notice.lines;
  return formatRequest(notice.id, settings, now, {
    standard: () => ({ type: notice.type, timestamp: now.toISOString(), data: notice.data }),
    slack: () =>
      slackFieldsMessage(
        notice.fallback,
        notice.title,
        lines.map(([label, value]) => ({ label, value })),
        notice.closing,
      ),
    teams: () =>
      teamsLinesMessage(
        notice.title,
        lines.map(([label, value]) => `${label}: ${value}`),
        notice.closing,
      ),
  });
}

/** The attempt at `now` under `id` in the configured format; throws for `standard` without a usable secret. */
export function formatRequest(
  id: string,
  settings: Pick<LeadWebhookConfig, "format" | "secret">,
  now: Date,
  messages: Record<LeadWebhookConfig["format"], () => unknown>,
): WebhookRequest {
  const body = JSON.stringify(messages[settings.format]());
  const headers = { "content-type": "application/json", "webhook-id": id };
  if (settings.format !== "standard") return { body, headers };
  if (!settings.secret) throw new Error("LEAD_WEBHOOK_SECRET is required for the standard format");
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = new Webhook(settings.secret).sign(id, now, body);
  return { body, headers: { ...headers, "webhook-timestamp": timestamp, "webhook-signature": signature } };
}

/**
 * Posts the request `requestAt` builds for each attempt's time to the configured webhook, with retries, each attempt
 * within LEAD_WEBHOOK_TIMEOUT_MS and the time `retry` leaves; never throws.
 */
export function postWithRetries(
  settings: LeadWebhookConfig,
  requestAt: (at: Date) => WebhookRequest,
  now: () => Date,
  retry?: RetryOptions,
) {
  return retrySend(
    (timeoutMs) =>
      postWebhook(settings.url, requestAt(now()), { timeoutMs: Math.min(settings.timeoutMs, timeoutMs) }),
    retry,
  );
}

/** Posts `event` to the configured webhook, each attempt built at its own time; never throws. */
export function postLeadEvent(
  event: LeadEvent,
  settings: LeadWebhookConfig,
  now: () => Date,
  retry?: RetryOptions,
) {
  return postWithRetries(settings, (at) => webhookRequest(event, settings, at), now, retry);
}
