/**
 * Slack's documented request signature check (docs/decisions/0030-slack-and-booking-loop.md); Slack's own
 * verifier ships inside Bolt with a server we do not need.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How far a request's timestamp may be from now, in seconds (Slack's recommendation). */
export const SLACK_MAX_SKEW_SECONDS = 5 * 60;

/** The `X-Slack-Signature` value for `body` sent at `timestamp` (Unix seconds, as the header gives it). */
export function slackSignature(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

export type SlackVerdict = { ok: true } | { ok: false; reason: "unsigned" | "stale" | "forged" };

/** Checks one request's headers, timestamp skew and signature (constant time); never throws. */
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
