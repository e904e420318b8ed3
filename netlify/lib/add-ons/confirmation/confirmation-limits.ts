/**
 * Bounds on confirmation e-mails (docs/requirements.md#spam-defence,
 * docs/decisions/0010-confirmation-limits.md): at most one per
 * recipient address per 24 hours, and at most `dailyLimit` per UTC day in total, so the form
 * cannot be used to mail a victim over and over. Kept in the Blobs store `demo-request-limits`:
 *
 * - `address/<hmac>`: when the address last got a confirmation, `{ "reservedAt": ISO time }`.
 *   The key is an HMAC-SHA256 of the lower-cased address, reduced to its inbox (no +tag; Gmail without dots), under the server's form secret
 *   (`confirmationAddressKey`), never the address in clear. Written with Blobs' conditional
 *   writes (`onlyIfNew` / `onlyIfMatch`), which the platform applies atomically, so two
 *   concurrent requests for one address cannot both reserve it.
 * - `daily/<YYYY-MM-DD>/<ISO time>-<request id>`: one key per confirmation of that UTC day. Blobs
 *   has no atomic counter, so a request writes its key first, then lists the day and goes ahead
 *   only when its key is among the first `dailyLimit`: concurrent requests agree on that order.
 * - `client/<YYYY-MM-DD>/<client key>/<ISO time>-<request id>`: the same per client (a keyed hash
 *   of its IP, `clientKeyOf`), at most `clientDailyLimit` a day, so throwaway addresses sent from
 *   one client cannot spend the day's confirmations of every prospect. Never a bound per e-mail
 *   domain, which would stop everyone at gmail.com or at a large company.
 *
 * The daily slot is taken before the address, and given back when the address is refused, so a
 * refused request never counts toward the day. The store name, the prefixes and their retention
 * are declared in netlify/lib/kit/storage.ts (docs/decisions/0034-core-and-add-ons.md).
 */
import { getStore } from "@netlify/blobs";
import type { ServerConfig } from "../../core/config";
import { inboxOf } from "../../core/leads/lead-address";
import { jsonBlobs, jsonBlobsOver, type JsonBlobs } from "../../kit/json-blobs";
import { confirmationAddressHash } from "../../kit/keys";
import { keyOf, LIMITS_STORE_NAME, STORAGE } from "../../kit/storage";

// The handler and the owner commands open the store by this name.
export { LIMITS_STORE_NAME };

/** Confirmations one client (one IP, as the rate limit sees it) may cause per UTC day. */
export const DEFAULT_CLIENT_DAILY_LIMIT = 5;

/** One confirmation per address within this many milliseconds (24 hours). */
export const ADDRESS_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Why a confirmation may not be sent now. */
export type ConfirmationRefusal = "address-limit" | "daily-limit" | "client-limit";

/** The share of the daily limit at which a person is told that it is nearly spent. */
export const NEAR_DAILY_LIMIT_SHARE = 0.8;

export type ConfirmationVerdict =
  | {
      allowed: true;
      /** Set on the one confirmation of the day that reaches NEAR_DAILY_LIMIT_SHARE of the limit. */
      nearDailyLimit?: { used: number; limit: number };
    }
  | { allowed: false; reason: ConfirmationRefusal };

export interface ConfirmationLimits {
  /**
   * Reserves one confirmation to `email` for the demo request `requestId`, sent by the client
   * `clientKey` (a keyed hash of its IP, `clientKeyOf`; without one no per-client bound applies),
   * or says which bound refuses it. Throws when the store cannot be reached (callers then send no
   * confirmation).
   */
  reserve(email: string, requestId: string, clientKey?: string): Promise<ConfirmationVerdict>;
}

/** The part of a Blobs store the limits use (netlify/lib/kit/json-blobs.ts). */
export type LimitsBlobs = JsonBlobs;

/**
 * The store key of `email`'s per-address counter: `address/` + hex HMAC-SHA256 of the trimmed,
 * lower-cased address, reduced to its inbox (`inboxOf`, core/leads/lead-address.ts), under `secret` (the server's form secret, netlify/lib/core/config.ts). The
 * erasure of a person's data deletes this key; nothing else can turn it back into an address.
 */
export function confirmationAddressKey(email: string, secret: string): string {
  return keyOf("address", confirmationAddressHash(secret, inboxOf(email)));
}

function reservedAt(data: unknown): number {
  const value = (data as { reservedAt?: unknown } | null)?.reservedAt;
  return typeof value === "string" ? Date.parse(value) : Number.NaN;
}

/**
 * The limits over `blobs`.
 * @param options secret: the form secret; dailyLimit: confirmations per UTC day (0 = none);
 *   clientDailyLimit: confirmations per client per UTC day (default 5); now: the clock (tests pass
 *   a simulated one)
 */
export function createConfirmationLimits(
  blobs: LimitsBlobs,
  options: { secret: string; dailyLimit: number; clientDailyLimit?: number; now?: () => Date },
): ConfirmationLimits {
  const now = options.now ?? (() => new Date());
  const clientDailyLimit = options.clientDailyLimit ?? DEFAULT_CLIENT_DAILY_LIMIT;

  /**
   * Writes this request's key under `prefix` and resolves with it and its rank among the keys
   * there (0 = first), or deletes it again and resolves with null when its rank is `limit` or more.
   */
  async function takeSlot(
    prefix: string,
    key: string,
    limit: number,
  ): Promise<{ key: string; rank: number } | null> {
    await blobs.setJSON(key, {});
    const rank = (await blobs.keys(prefix)).sort().indexOf(key);
    if (rank >= 0 && rank < limit) return { key, rank };
    await blobs.delete(key);
    // A strongly consistent listing always holds the key just written; one that does not is a
    // store fault, not a verdict on the day's limit.
    if (rank < 0) throw new Error("the day's confirmation list left out this request's own key");
    return null;
  }

  const day = (at: Date) => at.toISOString().slice(0, 10);

  async function takeAddress(at: Date, email: string): Promise<boolean> {
    const key = confirmationAddressKey(email, options.secret);
    const current = await blobs.getWithEtag(key);
    if (current && at.getTime() - reservedAt(current.data) < ADDRESS_WINDOW_MS) return false;
    const condition = current?.etag ? { onlyIfMatch: current.etag } : { onlyIfNew: true as const };
    return blobs.setJSON(key, { reservedAt: at.toISOString() }, condition);
  }

  return {
    async reserve(email, requestId, clientKey) {
      const at = now();
      const entry = `${at.toISOString()}-${requestId}`;
      const dayPrefix = keyOf("daily", `${day(at)}/`);
      const slot = await takeSlot(dayPrefix, `${dayPrefix}${entry}`, options.dailyLimit);
      if (!slot) return { allowed: false, reason: "daily-limit" };
      const clientPrefix = keyOf("client", `${day(at)}/${clientKey}/`);
      const clientSlot = clientKey
        ? await takeSlot(clientPrefix, `${clientPrefix}${entry}`, clientDailyLimit)
        : undefined;
      if (clientSlot === null) {
        await blobs.delete(slot.key);
        return { allowed: false, reason: "client-limit" };
      }
      if (!(await takeAddress(at, email))) {
        await blobs.delete(slot.key);
        if (clientSlot) await blobs.delete(clientSlot.key);
        return { allowed: false, reason: "address-limit" };
      }
      const used = slot.rank + 1;
      const near = used === Math.ceil(NEAR_DAILY_LIMIT_SHARE * options.dailyLimit);
      return near
        ? { allowed: true, nearDailyLimit: { used, limit: options.dailyLimit } }
        : { allowed: true };
    },
  };
}

/**
 * The per-address entries as erasure sees them (docs/decisions/0018-retention-and-erasure.md,
 * netlify/lib/add-ons/privacy/lead-erasure.ts):
 * `remove(address)` deletes that address's entry and resolves with how many there were (0 or 1).
 * Without the secret the entry cannot be found, so `remove` rejects and erasure reports it.
 */
export function confirmationAddressCounters(
  blobs: LimitsBlobs,
  secret: string | undefined,
): { remove(address: string): Promise<number> } {
  return {
    async remove(address) {
      if (!secret) throw new Error("the form secret is needed to find the address's entry");
      const key = confirmationAddressKey(address, secret);
      if (!(await blobs.getWithEtag(key))) return 0;
      await blobs.delete(key);
      return 1;
    },
  };
}

/**
 * Deletes what the bounds no longer need at `now`: address entries older than 24 hours and the
 * keys of earlier UTC days. Run by the daily retention function (docs/requirements.md#personal-data), so the
 * store holds only the last day's hashes. Resolves with how many keys it deleted; may throw.
 */
export async function pruneConfirmationLimits(blobs: LimitsBlobs, now: Date): Promise<number> {
  const today = `${now.toISOString().slice(0, 10)}/`;
  const stale = [
    ...(await blobs.keys(STORAGE.daily.prefix)).filter((key) => !key.startsWith(keyOf("daily", today))),
    ...(await blobs.keys(STORAGE.client.prefix)).filter((key) => !key.startsWith(keyOf("client", today))),
  ];
  for (const key of await blobs.keys(STORAGE.address.prefix)) {
    const entry = await blobs.getWithEtag(key);
    if (entry && !(now.getTime() - reservedAt(entry.data) < ADDRESS_WINDOW_MS)) stale.push(key);
  }
  for (const key of stale) await blobs.delete(key);
  return stale.length;
}

/** LimitsBlobs over a Blobs store (by default `demo-request-limits`, strongly consistent). */
export function blobLimitsStore(store?: ReturnType<typeof getStore>): LimitsBlobs {
  return store ? jsonBlobsOver(store) : jsonBlobs(LIMITS_STORE_NAME);
}

/** The limits in the Blobs store `demo-request-limits`, with the configured secret and limits. */
export function blobConfirmationLimits(
  config: Pick<ServerConfig, "formSecret" | "confirmationDailyLimit" | "confirmationClientDailyLimit">,
): ConfirmationLimits {
  return createConfirmationLimits(blobLimitsStore(), {
    secret: config.formSecret,
    clientDailyLimit: config.confirmationClientDailyLimit,
    dailyLimit: config.confirmationDailyLimit,
  });
}
