/**
 * The "Book a time now" link (docs/decisions/0023-booking-link.md): BOOKING_URL prefilled by the `name` and
 * `email` parameters Cal.com and Calendly document, plus the lead id sealed with AES-256-GCM as
 * `metadata[leadRef]`, which Cal.com passes to its webhook: it names the lead without naming the prospect
 * (docs/decisions/0030-slack-and-booking-loop.md).
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
    return id.length === 16
      ? id.toString("hex").replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-")
      : undefined;
  } catch {
    return undefined;
  }
}

/** `base` with `name`, `email` and `reference` set (a space as %20); without `prospect`, only the reference. */
export function prefilledBookingUrl(
  base: string,
  prospect: { firstName: string; lastName: string; email: string } | undefined,
  reference?: string,
): string {
  const url = new URL(base);
  if (prospect) {
    url.searchParams.set("name", `${prospect.firstName} ${prospect.lastName}`);
    url.searchParams.set("email", prospect.email);
  }
  if (reference) url.searchParams.set(`metadata[${BOOKING_REFERENCE_KEY}]`, reference);
  // URLSearchParams writes a space as "+", and a literal "+" as "%2B", so every "+" left is a space.
  url.search = url.searchParams.toString().replace(/\+/g, "%20");
  return url.toString();
}
