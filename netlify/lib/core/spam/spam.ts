/**
 * The spam layers' verdict (docs/decisions/0011-spam-defence-layers.md): `spam` (honeypot filled: stored, never
 * sent), `suspected` (delivered marked, no confirmation) or `clean`; nothing is silently dropped.
 */
import { confirmationClientHash } from "../../kit/keys";
import { checkFormToken } from "./form-token";

export type SpamVerdict =
  { kind: "clean" } | { kind: "spam"; reason: string } | { kind: "suspected"; reason: string };

export const HONEYPOT_REASON = "honeypot field filled";

export const NO_TOKEN_REASON = "sent as JSON without the form's time token, so not by the site's form";

export const REUSED_TOKEN_REASON = "form token already used by another demo request";

/** Judges one request; `viaForm` is true for the no-JS form, which cannot fetch a token. */
export function judgeSpam(
  input: { honeypot: string; formToken?: string; viaForm: boolean },
  options: { secret: string; now: Date },
): SpamVerdict {
  if (input.honeypot.trim() !== "") return { kind: "spam", reason: HONEYPOT_REASON };
  const token = checkFormToken(input.formToken, options.secret, options.now);
  if (token.kind === "suspect") return { kind: "suspected", reason: token.reason };
  if (token.kind === "missing" && !input.viaForm) return { kind: "suspected", reason: NO_TOKEN_REASON };
  return { kind: "clean" };
}

/** The client key a lead stores, never the IP: hex HMAC of `ip` (trimmed, lower-cased), cut to 32 characters. */
export function clientKeyOf(ip: string, secret: string): string {
  return confirmationClientHash(secret, ip.trim().toLowerCase()).slice(0, 32);
}
