/**
 * Spent form tokens (docs/requirements.md#spam-defence, decision
 * docs/decisions/0011-spam-defence-layers.md): a time token is spent by the first demo request that
 * uses it, so one real token cannot carry any number of submissions. It stays usable by the same
 * request: the same idempotency key (the form's own retry after a network error) or the same
 * payload (the form's retry with a fresh key after a 409). Any other request that sends it is
 * suspected spam.
 *
 * Kept in the Blobs store `demo-request-limits` as `form-tokens/<SHA-256 of the token>`:
 * `{ key?, payload, expiresAt }` (the key is the client's random idempotency key, the payload a
 * digest of the six fields: no visitor text), written with `onlyIfNew`. The daily retention run
 * deletes those past `expiresAt` (`pruneFormTokenNonces`). The prefix is declared in
 * netlify/lib/kit/storage.ts (docs/decisions/0034-core-and-add-ons.md).
 */
import { createHash } from "node:crypto";
import { DEMO_REQUEST_FIELDS, type DemoRequest } from "../../../../src/lib/demo-request";
import { deleteExpired, type JsonBlobs } from "../../kit/json-blobs";
import { keyOf, STORAGE } from "../../kit/storage";

/** What spending a token found: first use, a use by the same request, or a use by another one. */
export type SpendResult = "first" | "same-request" | "reused";

export interface FormTokenNonces {
  /**
   * Spends `token` for the request with idempotency key `key` (if any) and these fields, kept until
   * `expiresAt`. May throw when the store cannot be reached.
   */
  spend(token: string, request: { key?: string; fields: DemoRequest }, expiresAt: Date): Promise<SpendResult>;
}

interface NonceEntry {
  key?: string;
  payload: string;
  expiresAt: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A digest of the request's six fields, in the field table's order. */
function payloadDigest(fields: DemoRequest): string {
  return sha256(JSON.stringify(DEMO_REQUEST_FIELDS.map((row) => fields[row.name] ?? "")));
}

/** The nonces over `blobs` (the `demo-request-limits` store in production). */
export function createFormTokenNonces(blobs: JsonBlobs): FormTokenNonces {
  return {
    async spend(token, { key, fields }, expiresAt) {
      const entryKey = keyOf("formTokens", sha256(token));
      const entry: NonceEntry = {
        ...(key ? { key } : {}),
        payload: payloadDigest(fields),
        expiresAt: expiresAt.toISOString(),
      };
      if (await blobs.setJSON(entryKey, entry, { onlyIfNew: true })) return "first";
      const spent = (await blobs.getWithEtag(entryKey))?.data as NonceEntry | undefined;
      if (!spent) return "first";
      const sameKey = key !== undefined && spent.key === key;
      return sameKey || spent.payload === entry.payload ? "same-request" : "reused";
    },
  };
}

/** Deletes the spent tokens past their expiry at `now`; resolves with how many. May throw. */
export function pruneFormTokenNonces(blobs: JsonBlobs, now: Date): Promise<number> {
  return deleteExpired(blobs, STORAGE.formTokens.prefix, now);
}
