/**
 * The signed claim link `<site>/leads/<id>?sig=<hmac>` (docs/decisions/0029-lead-follow-up.md): it never
 * expires; whoever holds it can act on the lead, and rotating the form secret voids every link.
 */
import { timingSafeEqual } from "node:crypto";
import { claimSignatureBytes } from "../../kit/keys";

/** The signature of lead `id` (base64url, 43 characters). */
export function claimSignature(id: string, secret: string): string {
  return claimSignatureBytes(secret, id).toString("base64url");
}

/**
 * The absolute claim link under the site's configured origin, never a request's, e.g.
 * `https://example.com/leads/<id>?sig=...`; undefined when the origin is unset or follow-up is off.
 */
export function claimUrlFor(
  config: { siteOrigin?: string; formSecret: string; followUp?: unknown },
  id: string,
): string | undefined {
  if (!config.siteOrigin || !config.followUp) return undefined;
  const url = new URL(`/leads/${id}`, config.siteOrigin);
  url.searchParams.set("sig", claimSignature(id, config.formSecret));
  return url.toString();
}

/** True when `sig` is lead `id`'s signature (compared in constant time); false for anything else. */
export function isClaimSignature(id: string, sig: string | null, secret: string): boolean {
  return isSignatureText(sig, claimSignature(id, secret));
}

/** True when `sig` is the 43-character base64url signature `expected`, compared in constant time. */
export function isSignatureText(sig: string | null, expected: string): boolean {
  if (!sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  // The text is compared, not the decoded bytes: a decoder ignores the last character's two spare
  // bits, so four spellings would decode to one signature.
  const given = Buffer.from(sig);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
