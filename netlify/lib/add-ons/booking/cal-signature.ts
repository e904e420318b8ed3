/**
 * Cal.com's webhook signature (docs/decisions/0030-slack-and-booking-loop.md): `X-Cal-Signature-256`
 * is the hex HMAC-SHA256 of the raw body under the webhook's secret (CAL_WEBHOOK_SECRET). Cal.com
 * signs no timestamp, so the endpoint makes each booking event idempotent instead
 * (add-ons/booking/booking-events.ts). Computed with Node's crypto, compared in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The `X-Cal-Signature-256` value for `body`. */
export function calSignature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** True when `signature` is `body`'s under `secret`; false for anything else. Never throws. */
export function isCalSignature(secret: string, body: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(calSignature(secret, body));
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
