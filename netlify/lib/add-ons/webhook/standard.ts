/**
 * The `standard` format (docs/decisions/0022-lead-webhook-channel.md): the lead as JSON, signed per Standard
 * Webhooks. `webhook-id` stays the same on retries; the timestamp and signature are made per attempt.
 */
import { Webhook } from "standardwebhooks";
import { eventId, type LeadEvent } from "./lead-event";

export interface StandardLeadPayload {
  type: "lead.received" | "lead.alert" | "lead.updated";
  timestamp: string;
  data: Record<string, unknown>;
}

export interface SignedRequest {
  body: string;
  headers: { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };
}

/** The payload of `event`; an alert goes under `data.alert`, a suspicion under `data.suspectedSpam`. */
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

/** Signs `event` for delivery at `now`; throws when `secret` is not valid base64. */
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
