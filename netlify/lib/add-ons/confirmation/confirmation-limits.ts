/**
 * Bounds on confirmation e-mails: one per inbox per 24 hours, `dailyLimit` a UTC day, `clientDailyLimit` per client
 * (docs/decisions/0010-confirmation-limits.md). Blobs has no atomic counter: a request writes its key, then goes
 * ahead only if ranked within the limit.
 */
import { z } from "zod";
import type { ServerConfig } from "../../core/config";
import { inboxOf } from "../../core/leads/lead-address";
import { deleteUnless, jsonBlobs, type JsonBlobs } from "../../kit/json-blobs";
import { confirmationAddressHash } from "../../kit/keys";
import { keyOf, LIMITS_STORE_NAME, STORAGE } from "../../kit/storage";
import { CONFIRMATION_DEFAULTS, type ConfirmationSettings } from "./settings";

export const ADDRESS_WINDOW_MS = 24 * 60 * 60 * 1000;

const NEAR_DAILY_LIMIT_SHARE = 0.8;

export type ConfirmationVerdict =
  | {
      allowed: true;
      /** Set on the one confirmation of the day that reaches NEAR_DAILY_LIMIT_SHARE of the limit. */
      nearDailyLimit?: { used: number; limit: number };
    }
  | { allowed: false; reason: "address-limit" | "daily-limit" | "client-limit" };

/** `address/` + HMAC of `email`'s inbox under `secret`; only erasure, knowing the address, finds it. */
export function confirmationAddressKey(email: string, secret: string): string {
  return keyOf("address", confirmationAddressHash(secret, inboxOf(email)));
}

const day = (at: Date) => at.toISOString().slice(0, 10);

const addressEntrySchema = z.object({ reservedAt: z.string() });

// A damaged entry reserves nothing: it is rewritten by the next confirmation or pruned.
function reservedAt(data: unknown): number {
  const parsed = addressEntrySchema.safeParse(data);
  return parsed.success ? Date.parse(parsed.data.reservedAt) : Number.NaN;
}

/** The limits over `blobs`; `dailyLimit` 0 means none, `clientDailyLimit` (per client IP) defaults to 5. */
export function createConfirmationLimits(
  blobs: JsonBlobs,
  options: { secret: string; dailyLimit: number; clientDailyLimit?: number; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  const clientDailyLimit = options.clientDailyLimit ?? CONFIRMATION_DEFAULTS.clientDailyLimit;

  /** Writes this request's key under `prefix`; resolves with its rank, or null (key deleted) at `limit` or more. */
  async function takeSlot(
    prefix: string,
    key: string,
    limit: number,
  ): Promise<{ key: string; rank: number } | null> {
    await blobs.setJSON(key, {});
    const rank = (await blobs.keys(prefix)).sort().indexOf(key);
    if (rank >= 0 && rank < limit) return { key, rank };
    await blobs.delete(key);
    // A strongly consistent listing always holds the key just written.
    if (rank < 0) throw new Error("the day's confirmation list left out this request's own key");
    return null;
  }

  async function takeAddress(at: Date, email: string): Promise<boolean> {
    const key = confirmationAddressKey(email, options.secret);
    const current = await blobs.getWithEtag(key);
    if (current && at.getTime() - reservedAt(current.data) < ADDRESS_WINDOW_MS) return false;
    const condition = current?.etag ? { onlyIfMatch: current.etag } : { onlyIfNew: true as const };
    return blobs.setJSON(key, { reservedAt: at.toISOString() }, condition);
  }

  return {
    /** Reserves one confirmation or names the refusing bound; throws when the store cannot be reached. */
    async reserve(email: string, requestId: string, clientKey?: string): Promise<ConfirmationVerdict> {
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

/** The per-address entries for erasure; `remove` rejects without the secret, and erasure reports it. */
export function confirmationAddressCounters(blobs: JsonBlobs, secret: string | undefined) {
  return {
    async remove(address: string) {
      if (!secret) throw new Error("the form secret is needed to find the address's entry");
      const key = confirmationAddressKey(address, secret);
      if (!(await blobs.getWithEtag(key))) return 0;
      await blobs.delete(key);
      return 1;
    },
  };
}

export type ConfirmationLimits = ReturnType<typeof createConfirmationLimits>;

/** Deletes address entries older than 24 hours and earlier days' keys; resolves with the count, may throw. */
export async function pruneConfirmationLimits(blobs: JsonBlobs, now: Date): Promise<number> {
  const today = `${day(now)}/`;
  const fromToday = (name: "daily" | "client") =>
    deleteUnless(blobs, STORAGE[name].prefix, async (key) => key.startsWith(keyOf(name, today)));
  const inWindow = async (key: string) => {
    const entry = await blobs.getWithEtag(key);
    return !entry || now.getTime() - reservedAt(entry.data) < ADDRESS_WINDOW_MS;
  };
  const [daily, client] = [await fromToday("daily"), await fromToday("client")];
  return daily + client + (await deleteUnless(blobs, STORAGE.address.prefix, inWindow));
}

/** The limits in the Blobs store `demo-request-limits`, with the configured secret and limits. */
export function blobConfirmationLimits(
  config: Pick<ServerConfig, "formSecret">,
  limits: ConfirmationSettings,
): ConfirmationLimits {
  return createConfirmationLimits(jsonBlobs(LIMITS_STORE_NAME), { secret: config.formSecret, ...limits });
}
