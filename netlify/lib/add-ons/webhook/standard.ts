/**
 * The `standard` format (docs/decisions/0022-lead-webhook-channel.md): the lead as JSON, signed per the
 * Standard Webhooks specification (standardwebhooks.com) with the `standardwebhooks` package, for CRMs,
 * Zapier, Make, n8n or HubSpot workflows.
 *
 * Body: `{ type, timestamp, data }` with `type` "lead.received" or "lead.alert" (a delivery alert,
 * or a follow-up one: `data.alert.reason` "nudge", "escalation" or "promise-at-risk"); `data.owner`
 * and `data.claimUrl` when known. Headers:
 * `webhook-id` (the lead id; `<lead id>.alert` for its delivery alert, `<lead id>.<reason>` for a
 * follow-up alert) stays the same on every retry so a
 * receiver can drop repeats; `webhook-timestamp` (Unix seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256>`) are made per attempt, as receivers reject old timestamps.
 */
import { Webhook } from "standardwebhooks";
import { eventId, type LeadEvent } from "./lead-event";

/** The JSON body; `data` holds the API field names (firstName, ..., attribution). */
export interface StandardLeadPayload {
  type: "lead.received" | "lead.alert" | "lead.updated";
  timestamp: string;
  data: Record<string, unknown>;
}

/** The body and the three signature headers of one delivery attempt. */
export interface SignedRequest {
  body: string;
  headers: { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };
}

/**
 * The payload of `event`; the alert, when any, is under `data.alert`, and a suspected lead's
 * reason under `data.suspectedSpam` (absent otherwise), so a receiver can route it apart.
 */
export function standardPayload(event: LeadEvent, now: Date): StandardLeadPayload {
  const { id, receivedAt, request, attribution, suspectedSpam, owner, claimUrl, emailClass } = event.lead;
  const data: Record<string, unknown> = { id, receivedAt, ...request, attribution: attribution ?? {} };
  if (suspectedSpam) data.suspectedSpam = suspectedSpam;
  if (owner) data.owner = owner;
  if (emailClass) data.emailClass = emailClass;
  if (claimUrl) data.claimUrl = claimUrl;
  if (event.kind === "alert") data.alert = event.alert;
  if (event.kind === "update") data.update = event.update;
  return {
    type: event.kind === "lead" ? "lead.received" : event.kind === "update" ? "lead.updated" : "lead.alert",
    timestamp: now.toISOString(),
    data,
  };
}

/**
 * Signs `event` for delivery at `now` with `secret` (`whsec_` + base64, as the specification
 * and LEAD_WEBHOOK_SECRET give it). Throws when the secret is not valid base64 (config.ts
 * checks it at start).
 */
export function signedStandardRequest(event: LeadEvent, secret: string, now: Date): SignedRequest {
  const body = JSON.stringify(standardPayload(event, now));
  const id = eventId(event);
  return {
    body,
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, now, body),
    },
  };
}
