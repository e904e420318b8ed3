/**
 * The signed claim link `<site>/leads/<id>?sig=<hmac>` (docs/decisions/0029-lead-follow-up.md): it never
 * expires; whoever holds it can act on the lead, and rotating the form secret voids every link.
 */
import { timingSafeEqual } from "node:crypto";
import { claimSignatureBytes } from "../../kit/keys";

export const claimPath = (id: string) => `/leads/${id}`;

/** The signature of lead `id` (base64url, 43 characters). */
export function claimSignature(id: string, secret: string): string {
  return claimSignatureBytes(secret, id).toString("base64url");
}

/** The absolute claim link, e.g. `https://example.com/leads/<id>?sig=...`. */
export function claimUrl(origin: string, id: string, secret: string): string {
  const url = new URL(claimPath(id), origin);
  url.searchParams.set("sig", claimSignature(id, secret));
  return url.toString();
}

/** The claim link under the site's configured origin, never a request's; undefined when unset or off. */
export function claimUrlFor(
  config: { siteOrigin?: string; formSecret: string; followUp?: unknown },
  id: string,
): string | undefined {
  return config.siteOrigin && config.followUp
    ? claimUrl(config.siteOrigin, id, config.formSecret)
    : undefined;
}

/** True when `sig` is lead `id`'s signature (compared in constant time); false for anything else. */
export function isClaimSignature(id: string, sig: string | null, secret: string): boolean {
  if (!sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  // The text is compared, not the decoded bytes: a decoder ignores the last character's two spare
  // bits, so four spellings would decode to one signature.
  const given = Buffer.from(sig);
  const expected = Buffer.from(claimSignature(id, secret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
