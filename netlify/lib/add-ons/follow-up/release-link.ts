/**
 * The signed release link `<site>/leads/<id>/release?sig=<hmac>` of a lead held as spam
 * (docs/decisions/0038-weekly-summary.md): signed like the claim link under a key of its own, so
 * neither link opens the other's page; rotating the form secret voids every link.
 */
import { releaseSignatureBytes } from "../../kit/keys";
import { isSignatureText } from "./claim-link";

/** The signature of lead `id`'s release link (base64url, 43 characters). */
export function releaseSignature(id: string, secret: string): string {
  return releaseSignatureBytes(secret, id).toString("base64url");
}

/** The absolute release link under the configured origin; undefined when the origin is unset or follow-up is off. */
export function releaseUrlFor(
  config: { siteOrigin?: string; formSecret: string; followUp?: unknown },
  id: string,
): string | undefined {
  if (!config.siteOrigin || !config.followUp) return undefined;
  const url = new URL(`/leads/${id}/release`, config.siteOrigin);
  url.searchParams.set("sig", releaseSignature(id, config.formSecret));
  return url.toString();
}

/** True when `sig` is lead `id`'s release signature; false for anything else, a claim signature too. */
export function isReleaseSignature(id: string, sig: string | null, secret: string): boolean {
  return isSignatureText(sig, releaseSignature(id, secret));
}
