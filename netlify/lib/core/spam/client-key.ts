/**
 * The client key a lead stores (docs/requirements.md#spam-defence,
 * docs/decisions/0028-second-hostile-review.md): a keyed hash of the client IP as Netlify's rate
 * limit sees it, never the IP; the confirmation's per-client bound counts under it.
 */
import { confirmationClientHash } from "../../kit/keys";

/** Hex HMAC-SHA256 of `ip` (trimmed, lower-cased) under `secret`, cut to 32 characters. Never throws. */
export function clientKeyOf(ip: string, secret: string): string {
  return confirmationClientHash(secret, ip.trim().toLowerCase()).slice(0, 32);
}
