/**
 * A lead's claim link `<site>/leads/<id>?sig=<hmac>` and release link `<site>/leads/<id>/release?sig=<hmac>`
 * (docs/decisions/0029-lead-follow-up.md, 0038-weekly-summary.md), each under its own key. They never expire;
 * rotating the form secret voids every link.
 */
import { claimSignatureBytes, isSameSignature, releaseSignatureBytes } from "../../kit/keys";

type LinkConfig = { siteOrigin?: string; formSecret: string; followUp?: unknown };

/** The signature of lead `id`'s claim link (base64url, 43 characters). */
export const claimSignature = (id: string, secret: string) =>
  claimSignatureBytes(secret, id).toString("base64url");

/** The signature of lead `id`'s release link (base64url, 43 characters). */
export const releaseSignature = (id: string, secret: string) =>
  releaseSignatureBytes(secret, id).toString("base64url");

// Under the site's configured origin, never a request's.
function signedUrl(config: LinkConfig, path: string, signature: string): string | undefined {
  if (!config.siteOrigin || !config.followUp) return undefined;
  const url = new URL(path, config.siteOrigin);
  url.searchParams.set("sig", signature);
  return url.toString();
}

/** The absolute claim link `<origin>/leads/<id>?sig=...`; undefined when the origin is unset or follow-up is off. */
export const claimUrlFor = (config: LinkConfig, id: string) =>
  signedUrl(config, `/leads/${id}`, claimSignature(id, config.formSecret));

/** The absolute release link; undefined when the origin is unset or follow-up is off. */
export const releaseUrlFor = (config: LinkConfig, id: string) =>
  signedUrl(config, `/leads/${id}/release`, releaseSignature(id, config.formSecret));

function isSignatureText(sig: string | null, expected: string): boolean {
  if (!sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  // The text, not the decoded bytes: a decoder ignores the last character's two spare bits.
  return isSameSignature(sig, expected);
}

/** True when `sig` is lead `id`'s claim signature; false for anything else, a release signature too. */
export const isClaimSignature = (id: string, sig: string | null, secret: string) =>
  isSignatureText(sig, claimSignature(id, secret));

/** True when `sig` is lead `id`'s release signature; false for anything else, a claim signature too. */
export const isReleaseSignature = (id: string, sig: string | null, secret: string) =>
  isSignatureText(sig, releaseSignature(id, secret));
