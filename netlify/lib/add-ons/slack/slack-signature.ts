/**
 * Slack's documented request signature check (docs/decisions/0030-slack-and-booking-loop.md); Slack's own
 * verifier ships inside Bolt with a server we do not need.
 */
import { createHmac } from "node:crypto";
import { isSameSignature } from "../../kit/keys";

/** The `X-Slack-Signature` value for `body` sent at `timestamp` (Unix seconds, as the header gives it). */
export function slackSignature(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

/** Checks one request's headers, timestamp (at most 5 minutes from `now`) and signature in constant time. */
export function verifySlackRequest(input: {
  secret: string;
  timestamp: string | null;
  signature: string | null;
  body: string;
  now: Date;
}): { ok: true } | { ok: false; reason: "unsigned" | "stale" | "forged" } {
  const { secret, timestamp, signature, body, now } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "unsigned" };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > 5 * 60) return { ok: false, reason: "stale" };
  return isSameSignature(signature, slackSignature(secret, timestamp, body))
    ? { ok: true }
    : { ok: false, reason: "forged" };
}
