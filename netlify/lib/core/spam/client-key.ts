/** The client key a lead stores: a keyed hash of the IP, never the IP (docs/decisions/0028-second-hostile-review.md). */
import { confirmationClientHash } from "../../kit/keys";

/** Hex HMAC-SHA256 of `ip` (trimmed, lower-cased) under `secret`, cut to 32 characters. Never throws. */
export function clientKeyOf(ip: string, secret: string): string {
  return confirmationClientHash(secret, ip.trim().toLowerCase()).slice(0, 32);
}
