/**
 * A lead's id, which is also the reference the prospect and sales see: always made by the server
 * (docs/requirements.md#spam-defence). A client's `requestId` is only an idempotency key: the same
 * key gives the same lead (so a retry is never delivered twice), a new key a new lead, and no key
 * can name, or collide with, a lead of its own choosing.
 */
import { randomUUID } from "node:crypto";
import { leadIdBytes } from "../../kit/keys";

/** A UUID of versions 1-8 with the RFC 9562 variant: not the nil UUID, not the max one. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Whether `value` is a well-formed UUID in either letter case (the nil UUID and other malformed
 * values are not). Serves the request parser's idempotency key and the thanks page's lead id.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value.toLowerCase());
}

/**
 * The lead id for a request: with an idempotency key, a UUID (version 4 layout) made from an
 * HMAC-SHA256 of the lower-cased key under the server's form secret, so the same key always gives
 * the same lead and only the server can compute it; without one, a random UUID.
 * @param idempotencyKey the client's `requestId` (already checked with `isUuid`), or undefined
 * @param secret the server's form secret (netlify/lib/core/config.ts `formSecret`)
 * @returns e.g. "3f2b9c1e-8d4a-4e7f-9b6c-2a1d0e5f7c8b"
 */
export function leadIdFor(idempotencyKey: string | undefined, secret: string): string {
  if (idempotencyKey === undefined) return randomUUID();
  const bytes = leadIdBytes(secret, idempotencyKey.toLowerCase());
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
