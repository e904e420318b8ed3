/**
 * A lead's claim link `<site>/leads/<id>?sig=<hmac>&exp=<unix seconds>` and release link
 * `<site>/leads/<id>/release?sig=<hmac>` (docs/decisions/0029-lead-follow-up.md, 0038-weekly-summary.md), each
 * under its own key. A claim link works for 30 days from when it was made, one made before links carried `exp` for
 * 30 days from the lead's arrival; a release link works while the lead is held as spam
 * (docs/decisions/0040-link-lifetime-and-roster-keys.md). Rotating the form secret voids every link.
 */
import {
  claimSignatureBytes,
  expiringClaimSignatureBytes,
  isSameSignature,
  releaseSignatureBytes,
} from "../../kit/keys";

type LinkConfig = { siteOrigin?: string; formSecret: string; followUp?: unknown };

/** What a link's query proves: nothing, or that this site signed it (with its expiry, unix seconds, if it carries one). */
export type LinkCheck = { kind: "forged" } | { kind: "signed"; expires?: number };

const FORGED: LinkCheck = { kind: "forged" };
export const CLAIM_LINK_LIFETIME_DAYS = 30;
const CLAIM_LINK_LIFETIME_S = CLAIM_LINK_LIFETIME_DAYS * 86_400;

/** The signature of lead `id`'s claim link as made before links expired (base64url, 43 characters). */
export const claimSignature = (id: string, secret: string) =>
  claimSignatureBytes(secret, id).toString("base64url");

/** The signature of lead `id`'s claim link expiring at `expires` (unix seconds, decimal text; base64url, 43 characters). */
export const expiringClaimSignature = (id: string, expires: string, secret: string) =>
  expiringClaimSignatureBytes(secret, id, expires).toString("base64url");

/** The signature of lead `id`'s release link (base64url, 43 characters). */
export const releaseSignature = (id: string, secret: string) =>
  releaseSignatureBytes(secret, id).toString("base64url");

// Under the site's configured origin, never a request's.
function signedUrl(config: LinkConfig, path: string, query: Record<string, string>): string | undefined {
  if (!config.siteOrigin || !config.followUp) return undefined;
  const url = new URL(path, config.siteOrigin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The absolute claim link `<origin>/leads/<id>?sig=...&exp=...`, working for 30 days from `issuedAt`; undefined when
 * the origin is unset or follow-up is off.
 */
export function claimUrlFor(config: LinkConfig, id: string, issuedAt: Date): string | undefined {
  const exp = String(Math.floor(issuedAt.getTime() / 1000) + CLAIM_LINK_LIFETIME_S);
  return signedUrl(config, `/leads/${id}`, { sig: expiringClaimSignature(id, exp, config.formSecret), exp });
}

/** The absolute release link; undefined when the origin is unset or follow-up is off. */
export const releaseUrlFor = (config: LinkConfig, id: string) =>
  signedUrl(config, `/leads/${id}/release`, { sig: releaseSignature(id, config.formSecret) });

function isSignatureText(sig: string | null, expected: string): boolean {
  if (!sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  // The text, not the decoded bytes: a decoder ignores the last character's two spare bits.
  return isSameSignature(sig, expected);
}

/**
 * Lead `id`'s claim link query checked: signed with its `exp` (canonical decimal seconds), or without one under the
 * first claim links' key; anything else, a release signature too, is forged. Expiry is the caller's: `claimLinkExpiry`.
 */
export function checkClaimLink(id: string, query: URLSearchParams, secret: string): LinkCheck {
  const [sig, exp] = [query.get("sig"), query.get("exp")];
  if (exp === null) return isSignatureText(sig, claimSignature(id, secret)) ? { kind: "signed" } : FORGED;
  if (!/^[1-9]\d{0,11}$/.test(exp) || !isSignatureText(sig, expiringClaimSignature(id, exp, secret)))
    return FORGED;
  return { kind: "signed", expires: Number(exp) };
}

/** When a signed claim link stops working (ms since the epoch): its `expires`, else 30 days after `receivedAt`. */
export const claimLinkExpiry = (expires: number | undefined, receivedAt: string): number =>
  expires !== undefined ? expires * 1000 : Date.parse(receivedAt) + CLAIM_LINK_LIFETIME_S * 1000;

/** Lead `id`'s release link query checked: signed (it carries no expiry), or forged, a claim signature too. */
export const checkReleaseLink = (id: string, query: URLSearchParams, secret: string): LinkCheck =>
  isSignatureText(query.get("sig"), releaseSignature(id, secret)) ? { kind: "signed" } : FORGED;
