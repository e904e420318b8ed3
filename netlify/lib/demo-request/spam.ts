/**
 * The spam layers' verdict on a demo request that passed validation, in layers and with nothing
 * silently dropped (docs/requirements.md#spam-defence; docs/decisions/0011-spam-defence-layers.md):
 *
 * - `spam`: the honeypot holds text. Definite: a person never sees that field. The request is
 *   stored with state `spam` and its reason, nothing is sent, and the answer is the success one.
 * - `suspected`: any other layer objects (the form's time token: too fast, forged or expired).
 *   The request is stored and delivered to sales as usual, its subject prefixed
 *   "[Suspected spam]" with the reason in the body, and no confirmation goes out.
 * - `clean`: everything else, including a request without a time token (the form without
 *   JavaScript).
 */
import { checkFormToken } from "./form-token";

export type SpamVerdict =
  { kind: "clean" } | { kind: "spam"; reason: string } | { kind: "suspected"; reason: string };

/** The reason stored with a request whose honeypot was filled. */
export const HONEYPOT_REASON = "honeypot field filled";

/**
 * Judges one request.
 * @param input honeypot: the hidden field's value ("" when empty); formToken: the token the form
 *   sent, if any
 * @param options secret: the server's form secret; now: when the request arrived
 */
export function judgeSpam(
  input: { honeypot: string; formToken?: string },
  options: { secret: string; now: Date },
): SpamVerdict {
  if (input.honeypot.trim() !== "") return { kind: "spam", reason: HONEYPOT_REASON };
  const token = checkFormToken(input.formToken, options.secret, options.now);
  if (token.kind === "suspect") return { kind: "suspected", reason: token.reason };
  return { kind: "clean" };
}
