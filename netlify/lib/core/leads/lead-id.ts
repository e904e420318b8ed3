/** A lead's id, made by the server: a client's `requestId` is only an idempotency key (docs/requirements.md#spam-defence). */
import { randomUUID } from "node:crypto";
import { leadIdBytes } from "../../kit/keys";

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
