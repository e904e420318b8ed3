/** Cal.com's `X-Cal-Signature-256`, a hex HMAC-SHA256 of the raw body (docs/decisions/0030-slack-and-booking-loop.md). */
import { createHmac } from "node:crypto";
import { isSameSignature } from "../../kit/keys";

/** True when `signature` is `body`'s under `secret`. Never throws. */
export function isCalSignature(secret: string, body: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  return isSameSignature(signature.toLowerCase(), createHmac("sha256", secret).update(body).digest("hex"));
}
