/**
 * The lead id sealed with AES-256-GCM for the booking link's `metadata[leadRef]`, which Cal.com passes to its
 * webhook: it names the lead without naming the prospect (docs/decisions/0030-slack-and-booking-loop.md).
 */
import { createCipheriv, createDecipheriv } from "node:crypto";
import { bookingReferenceIv, bookingReferenceKey } from "../../kit/keys";

export const BOOKING_REFERENCE_KEY = "leadRef";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The reference for `leadId`; its nonce derives from the id, so a repeated request gets the same link. */
export function bookingReference(leadId: string, secret: string): string {
  const iv = bookingReferenceIv(secret, leadId);
  const cipher = createCipheriv("aes-256-gcm", bookingReferenceKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(Buffer.from(leadId.replace(/-/g, ""), "hex")), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The lead id sealed in `reference`, or undefined for anything this site did not seal. Never throws. */
export function leadIdFromReference(reference: unknown, secret: string): string | undefined {
  if (typeof reference !== "string" || !/^[A-Za-z0-9_-]{40,200}$/.test(reference)) return undefined;
  const bytes = Buffer.from(reference, "base64url");
  // One spelling only: the spare bits of the last character would let four spellings open.
  if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString("base64url") !== reference) return undefined;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      bookingReferenceKey(secret),
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const id = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    if (id.length !== 16) return undefined;
    const hex = id.toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  } catch {
    return undefined;
  }
}
