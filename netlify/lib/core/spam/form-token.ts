/**
 * The form's time token `<issue ms>.<random>.<HMAC>` (docs/decisions/0011-spam-defence-layers.md): too fast, forged
 * or expired is suspected. Spent tokens are kept as digests, no visitor text, so one cannot carry many submissions.
 * The random part keeps two forms loaded in the same millisecond apart; a token issued before it existed
 * (`<issue ms>.<HMAC>`) stays valid until it expires.
 */
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { DEMO_REQUEST_FIELDS, type DemoRequest } from "../../../../src/lib/demo-request";
import { readRecord, type JsonBlobs } from "../../kit/json-blobs";
import { formTokenMac, isSameSignature } from "../../kit/keys";
import { hashedKeyOf } from "../../kit/storage";

export const MIN_FILL_MS = 3000;
/** A token older than this is expired: a page left open for a day, or a token kept for reuse. */
export const MAX_TOKEN_AGE_MS = 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 60 * 1000;

type FormTokenVerdict = { kind: "valid" } | { kind: "missing" } | { kind: "suspect"; reason: string };

/** A token issued at `now`; `random` (12 base64url characters) is fixed only by tests. */
export function issueFormToken(
  secret: string,
  now: Date,
  random = randomBytes(9).toString("base64url"),
): string {
  const issued = `${now.getTime()}.${random}`;
  return `${issued}.${formTokenMac(secret, issued).toString("base64url")}`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Checks a token at `now`: valid, missing, or suspect with a reason for the sales e-mail. */
export function checkFormToken(token: string | undefined, secret: string, now: Date): FormTokenVerdict {
  if (token === undefined || token === "") return { kind: "missing" };
  const match = /^((\d{1,15})(?:\.[A-Za-z0-9_-]{12})?)\.([A-Za-z0-9_-]{43})$/.exec(token);
  // The text is compared, not decoded bytes: base64url's spare bits would let four spellings pass.
  if (!match || !isSameSignature(match[3], formTokenMac(secret, match[1]).toString("base64url"))) {
    return { kind: "suspect", reason: "form token forged (its signature does not match)" };
  }
  const age = now.getTime() - Number(match[2]);
  if (age < -CLOCK_SKEW_MS) return { kind: "suspect", reason: "form token forged (issued in the future)" };
  if (age < MIN_FILL_MS) {
    return {
      kind: "suspect",
      reason: `sent ${seconds(Math.max(age, 0))} after the form loaded, faster than a person fills it in`,
    };
  }
  if (age > MAX_TOKEN_AGE_MS) {
    return { kind: "suspect", reason: `form token expired (issued ${Math.floor(age / 3_600_000)} h before)` };
  }
  return { kind: "valid" };
}

export interface FormTokenNonces {
  /** Spends `token` for this request until `expiresAt`: the same request (key or fields) may reuse it. May throw. */
  spend(
    token: string,
    request: { key?: string; fields: DemoRequest },
    expiresAt: Date,
  ): Promise<"first" | "same-request" | "reused">;
}

const nonceSchema = z.object({ key: z.string().optional(), payload: z.string(), expiresAt: z.string() });
type NonceEntry = z.infer<typeof nonceSchema>;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The spent tokens in `blobs`, one `form-tokens/<SHA-256 of the token>` entry each (docs/decisions/0028-second-hostile-review.md). */
export function createFormTokenNonces(blobs: JsonBlobs): FormTokenNonces {
  return {
    async spend(token, { key, fields }, expiresAt) {
      const entryKey = hashedKeyOf("formTokens", token);
      const entry: NonceEntry = {
        ...(key ? { key } : {}),
        payload: sha256(JSON.stringify(DEMO_REQUEST_FIELDS.map((row) => fields[row.name] ?? ""))),
        expiresAt: expiresAt.toISOString(),
      };
      if (await blobs.setJSON(entryKey, entry, { onlyIfNew: true })) return "first";
      const read = await readRecord(blobs, entryKey, nonceSchema);
      // Gone since the write (expired), "first"; damaged (logged), spent by another request.
      if ("missing" in read) return "first";
      if ("damaged" in read) return "reused";
      const spent = read.found;
      const sameKey = key !== undefined && spent.key === key;
      return sameKey || spent.payload === entry.payload ? "same-request" : "reused";
    },
  };
}
