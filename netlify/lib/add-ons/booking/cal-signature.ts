/** Cal.com's `X-Cal-Signature-256`, a hex HMAC-SHA256 of the raw body (docs/decisions/0030-slack-and-booking-loop.md). */
import { createHmac, timingSafeEqual } from "node:crypto";

/** True when `signature` is `body`'s under `secret`. Never throws. */
export function isCalSignature(secret: string, body: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(body).digest("hex"));
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
