/**
 * Spent form tokens (docs/decisions/0011-spam-defence-layers.md): one real token cannot carry many submissions.
 * The same request may reuse it (same idempotency key or payload); any other is suspected. Stored as hashes and
 * digests, no visitor text; prefix in netlify/lib/kit/storage.ts.
 */
import { createHash } from "node:crypto";
import { DEMO_REQUEST_FIELDS, type DemoRequest } from "../../../../src/lib/demo-request";
import { deleteExpired, type JsonBlobs } from "../../kit/json-blobs";
import { keyOf, STORAGE } from "../../kit/storage";

export type SpendResult = "first" | "same-request" | "reused";

export interface FormTokenNonces {
  /** Spends `token` for this request until `expiresAt`. May throw. */
  spend(token: string, request: { key?: string; fields: DemoRequest }, expiresAt: Date): Promise<SpendResult>;
}

interface NonceEntry {
  key?: string;
  payload: string;
  expiresAt: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function payloadDigest(fields: DemoRequest): string {
  return sha256(JSON.stringify(DEMO_REQUEST_FIELDS.map((row) => fields[row.name] ?? "")));
}

/** The nonces over `blobs`. */
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
