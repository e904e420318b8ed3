/**
 * A lead's id, made by the server (docs/requirements.md#spam-defence), and a person's demo requests by e-mail
 * address, for erasure and access (docs/decisions/0018-retention-and-erasure.md).
 */
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import { demoRequestSchema } from "../../../../src/lib/demo-request";
import { inboxIndexKey, leadIdBytes } from "../../kit/keys";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Whether `value` is a well-formed UUID, either case (not nil or max). */
export function isUuid(value: string): boolean {
  return UUID.test(value.toLowerCase());
}

/** A UUID from an HMAC of the idempotency key under `secret`, so the same key gives the same lead; else random. */
export function leadIdFor(idempotencyKey: string | undefined, secret: string): string {
  if (idempotencyKey === undefined) return randomUUID();
  const bytes = leadIdBytes(secret, idempotencyKey.toLowerCase());
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type LeadAddressResult = { ok: true; address: string } | { ok: false; error: string };

export type AddressMatch = "inbox" | "exact";

/** Checks a command-line address with the demo request's e-mail rule; trimmed and lower-cased, or an error. */
export function parseLeadAddress(raw: string | undefined): LeadAddressResult {
  if (raw === undefined || raw.trim() === "") return { ok: false, error: "No e-mail address given." };
  const parsed = z.safeParse(demoRequestSchema().shape.email, raw);
  if (!parsed.success) {
    return { ok: false, error: `${JSON.stringify(raw.slice(0, 300))} is not a valid e-mail address.` };
  }
  return { ok: true, address: normaliseAddress(parsed.data) };
}

/** The address as stored and compared: trimmed and lower-cased (the inbox is `inboxOf`). */
export function normaliseAddress(email: string): string {
  return email.trim().toLowerCase();
}

// Gmail delivers every dotted spelling of a name, and googlemail.com, to one inbox.
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/** The inbox an address reaches: lower-cased, no `+tag`, Gmail without dots (`" J.Doe+x@GoogleMail.com"` -> `"jdoe@gmail.com"`). */
export function inboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/** The inbox index key: an HMAC of `inboxOf(email)` (docs/decisions/0032-bookings-by-uid.md). Never throws. */
export function inboxKeyOf(email: string, secret: string): string {
  return inboxIndexKey(secret, inboxOf(email));
}

/** The records from `address`, by inbox or `exact`, in the given order. Never throws. */
export function requestsFrom<T extends { request: { email: string } }>(
  records: readonly T[],
  address: string,
  match: AddressMatch = "inbox",
): T[] {
  const key = match === "exact" ? normaliseAddress : inboxOf;
  const wanted = key(address);
  return records.filter((record) => {
    const email: unknown = record.request?.email;
    return typeof email === "string" && key(email) === wanted;
  });
}
