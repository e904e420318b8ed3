/**
 * The spam layers' verdict on a demo request that passed validation, in layers and with nothing
 * silently dropped (docs/requirements.md#spam-defence; docs/decisions/0011-spam-defence-layers.md):
 *
 * - `spam`: the honeypot holds text. Definite: a person never sees that field. The request is
 *   stored with state `spam` and its reason, nothing is sent, and the answer is the success one.
 * - `suspected`: any other layer objects (the form's time token: too fast, forged or expired; an
 *   add-on's judgement, such as a disposable e-mail address).
 *   The request is stored and delivered to sales as usual, its subject prefixed
 *   "[Suspected spam]" with the reason in the body, and no confirmation goes out.
 * - `clean`: everything else, including a request without a time token posted as a form (the
 *   form without JavaScript cannot fetch one). A JSON request without a token did not come from
 *   the site's hydrated form, which always sends one: it is suspected, and still delivered.
 */
import { checkFormToken } from "./form-token";

export type SpamVerdict =
  { kind: "clean" } | { kind: "spam"; reason: string } | { kind: "suspected"; reason: string };

/** The reason stored with a request whose honeypot was filled. */
export const HONEYPOT_REASON = "honeypot field filled";

/** The reason stored with a JSON request that carried no time token. */
export const NO_TOKEN_REASON = "sent as JSON without the form's time token, so not by the site's form";

/** The reason stored with a request whose time token another request had already used. */
export const REUSED_TOKEN_REASON = "form token already used by another demo request";

/**
 * Judges one request.
 * @param input honeypot: the hidden field's value ("" when empty); formToken: the token the form
 *   sent, if any; viaForm: true when the body was the form posted without JavaScript
 * @param options secret: the server's form secret; now: when the request arrived
 */
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
