/** Cal.com's `X-Cal-Signature-256`, a hex HMAC-SHA256 of the raw body (docs/decisions/0030-slack-and-booking-loop.md). */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The `X-Cal-Signature-256` value for `body`. */
export function calSignature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** True when `signature` is `body`'s under `secret`. Never throws. */
export function isCalSignature(secret: string, body: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(calSignature(secret, body));
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
