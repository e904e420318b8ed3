/**
 * The form's time token (a spam layer that needs no CAPTCHA and no third party;
 * docs/decisions/0011-spam-defence-layers.md): the
 * hydrated form fetches `GET /api/form-token` and sends the token back with the demo request.
 * A request sent faster than a person can fill the form in, or with a forged or expired token,
 * is suspected spam (netlify/lib/core/spam/spam.ts); a request without a token (the form without
 * JavaScript, or a page whose fetch failed) is not suspected for that alone.
 *
 * Token: `<issue time, ms since the epoch>.<base64url HMAC-SHA256 of "form-token\n" + issue time>`
 * under the server's form secret (netlify/lib/core/config.ts), compared with `timingSafeEqual`.
 */
import { timingSafeEqual } from "node:crypto";
import { formTokenMac } from "../../kit/keys";

/** Faster than this from loading the form to sending it is not a person typing (milliseconds). */
export const MIN_FILL_MS = 3000;
/** A token older than this is expired: a page left open for a day, or a token kept for reuse. */
export const MAX_TOKEN_AGE_MS = 24 * 60 * 60 * 1000;
/** Clock difference between function instances that a fresh token's time may show. */
const CLOCK_SKEW_MS = 60 * 1000;

export type FormTokenVerdict = { kind: "valid" } | { kind: "missing" } | { kind: "suspect"; reason: string };

/** A new token issued at `now`, e.g. `1741597200000.3q2-7w...`. */
export function issueFormToken(secret: string, now: Date): string {
  const issuedAt = String(now.getTime());
  return `${issuedAt}.${formTokenMac(secret, issuedAt).toString("base64url")}`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Checks a token sent with a demo request at `now`.
 * @returns valid; missing (no token: not suspect by itself); or suspect with a reason for the
 *   sales e-mail, e.g. "sent 1.2 s after the form loaded, faster than a person fills it in"
 */
export function checkFormToken(token: string | undefined, secret: string, now: Date): FormTokenVerdict {
  if (token === undefined || token === "") return { kind: "missing" };
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  // The signature's text is compared, not its decoded bytes: base64url's spare bits would let
  // four spellings of one signature pass.
  const given = match ? Buffer.from(match[2]) : undefined;
  const expected = match ? Buffer.from(formTokenMac(secret, match[1]).toString("base64url")) : undefined;
  if (
    !match ||
    !given ||
    !expected ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    return { kind: "suspect", reason: "form token forged (its signature does not match)" };
  }
  const age = now.getTime() - Number(match[1]);
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
