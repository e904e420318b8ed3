/**
 * Slack's request signature (docs/decisions/0030-slack-and-booking-loop.md), as Slack documents it
 * ("Verifying requests from Slack"): `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under
 * the app's signing secret, of `v0:<X-Slack-Request-Timestamp>:<raw body>`; a timestamp more than
 * five minutes from now is refused, so a captured request cannot be replayed later. Node's crypto
 * computes the HMAC; Slack's own verifier ships inside Bolt with an HTTP server and API client.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How far a request's timestamp may be from now, in seconds (Slack's recommendation). */
export const SLACK_MAX_SKEW_SECONDS = 5 * 60;

/** The `X-Slack-Signature` value for `body` sent at `timestamp` (Unix seconds, as the header gives it). */
export function slackSignature(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

/** Why a request is refused, or ok. */
export type SlackVerdict = { ok: true } | { ok: false; reason: "unsigned" | "stale" | "forged" };

/**
 * Checks one request: both headers present, the timestamp within five minutes of `now`, the
 * signature equal (in constant time) to the body's. Never throws.
 */
export function verifySlackRequest(input: {
  secret: string;
  timestamp: string | null;
  signature: string | null;
  body: string;
  now: Date;
}): SlackVerdict {
  const { secret, timestamp, signature, body, now } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "unsigned" };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SLACK_MAX_SKEW_SECONDS) {
    return { ok: false, reason: "stale" };
  }
  const expected = Buffer.from(slackSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { ok: true }
    : { ok: false, reason: "forged" };
}
