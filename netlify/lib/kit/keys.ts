/**
 * Every keyed hash made from the form secret (docs/decisions/0028-second-hostile-review.md): one label per use,
 * and deployed constructions stay byte for byte, as lead ids, erasure and sent links depend on them.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const mac = (key: string | Buffer, text: string): Buffer => createHmac("sha256", key).update(text).digest();

const derivedKey = (secret: string, label: string): Buffer => mac(secret, label);

/** A lead id's 32 source bytes: HMAC of `lead-id\n` + the lower-cased idempotency key `key`. */
export const leadIdBytes = (secret: string, key: string): Buffer => mac(secret, `lead-id\n${key}`);

/** The form token's 32-byte MAC: HMAC of `form-token\n` + `issued` (`<ms since the epoch>.<random>`, or the ms alone). */
export const formTokenMac = (secret: string, issued: string): Buffer => mac(secret, `form-token\n${issued}`);

/** The confirmation bound's hash of an `inbox` (`inboxOf`): hex HMAC of `confirmation-recipient\n` + inbox. */
export const confirmationAddressHash = (secret: string, inbox: string): string =>
  mac(secret, `confirmation-recipient\n${inbox}`).toString("hex");

/** The confirmation bound's hash of a client `ip` (trimmed, lower-cased): hex HMAC of `confirmation-client\n` + ip. */
export const confirmationClientHash = (secret: string, ip: string): string =>
  mac(secret, `confirmation-client\n${ip}`).toString("hex");

/** A claim link's 32-byte signature: HMAC of `leadId` under the key labelled `lead claim link v1`. */
export const claimSignatureBytes = (secret: string, leadId: string): Buffer =>
  mac(derivedKey(secret, "lead claim link v1"), leadId);

/**
 * An expiring claim link's 32-byte signature: HMAC of `leadId` + `\n` + `expires` (unix seconds, decimal text) under
 * the key labelled `lead claim link v2` (docs/decisions/0040-link-lifetime-and-roster-keys.md).
 */
export const expiringClaimSignatureBytes = (secret: string, leadId: string, expires: string): Buffer =>
  mac(derivedKey(secret, "lead claim link v2"), `${leadId}\n${expires}`);

/** A release link's 32-byte signature: HMAC of `leadId` under the key labelled `lead release link v1`. */
export const releaseSignatureBytes = (secret: string, leadId: string): Buffer =>
  mac(derivedKey(secret, "lead release link v1"), leadId);

/** The booking reference's AES-256-GCM key (32 bytes), labelled `booking reference v1 seal`. */
export const bookingReferenceKey = (secret: string): Buffer =>
  derivedKey(secret, "booking reference v1 seal");

/** The booking reference's synthetic 12-byte IV: the HMAC of `leadId` under `booking reference v1 iv`, cut. */
export const bookingReferenceIv = (secret: string, leadId: string): Buffer =>
  mac(derivedKey(secret, "booking reference v1 iv"), leadId).subarray(0, 12);

/** The lead store's inbox index key: hex HMAC of `inbox` (`inboxOf`) under the key labelled `lead inbox index v1`. */
export const inboxIndexKey = (secret: string, inbox: string): string =>
  mac(derivedKey(secret, "lead inbox index v1"), inbox).toString("hex");

/**
 * The company index key: hex HMAC of a registrable domain under the key labelled `company domain index v1`
 * (docs/decisions/0050-company-match.md): the index never holds a domain.
 */
export const companyIndexKey = (secret: string, domain: string): string =>
  mac(derivedKey(secret, "company domain index v1"), domain).toString("hex");

/**
 * A roster member's key in the signed pages' forms: the first 16 hex digits of the HMAC of `address`
 * under the key labelled `roster member v1` (docs/decisions/0040-link-lifetime-and-roster-keys.md).
 */
export const rosterMemberKey = (secret: string, address: string): string =>
  mac(derivedKey(secret, "roster member v1"), address).toString("hex").slice(0, 16);

/** Whether the `given` signature's text is the `expected` one, compared in constant time. Never throws. */
export function isSameSignature(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The form secret when FORM_TOKEN_SECRET is unset: hex HMAC of a label under the SendGrid API key. */
export const derivedFormSecret = (sendgridApiKey: string): string =>
  mac(sendgridApiKey, "demo-request form secret v1").toString("hex");
