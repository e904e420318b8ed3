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
 *
 * The daily slot is taken before the address, and given back when the address is refused, so a
 * refused request never counts toward the day.
 */
import { createHmac } from "node:crypto";
import { getStore } from "@netlify/blobs";
import type { ServerConfig } from "../../config";

export const LIMITS_STORE_NAME = "demo-request-limits";

/** One confirmation per address within this many milliseconds (24 hours). */
export const ADDRESS_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Why a confirmation may not be sent now. */
export type ConfirmationRefusal = "address-limit" | "daily-limit";

export type ConfirmationVerdict = { allowed: true } | { allowed: false; reason: ConfirmationRefusal };

export interface ConfirmationLimits {
  /**
   * Reserves one confirmation to `email` for the demo request `requestId`, or says which bound
   * refuses it. Throws when the store cannot be reached (callers then send no confirmation).
   */
  reserve(email: string, requestId: string): Promise<ConfirmationVerdict>;
}

/** The part of a Blobs store the limits use; `createMemoryBlobs` in the tests implements it too. */
export interface LimitsBlobs {
  /** The JSON value and its etag, or null when the key does not exist. */
  getWithEtag(key: string): Promise<{ data: unknown; etag: string | undefined } | null>;
  /** Writes `value`; with a condition, only when the key is new or still has that etag. */
  setJSON(
    key: string,
    value: unknown,
    condition?: { onlyIfNew: true } | { onlyIfMatch: string },
  ): Promise<boolean>;
  /** Every key starting with `prefix`. */
  keys(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
}

/**
 * The store key of `email`'s per-address counter: `address/` + hex HMAC-SHA256 of the trimmed,
 * lower-cased address, reduced to its inbox (`mailboxOf`), under `secret` (the server's form secret, netlify/lib/config.ts). The
 * erasure of a person's data deletes this key; nothing else can turn it back into an address.
 */
export function confirmationAddressKey(email: string, secret: string): string {
  const digest = createHmac("sha256", secret)
    .update(`confirmation-recipient\n${mailboxOf(email)}`)
    .digest("hex");
  return `address/${digest}`;
}

// Gmail delivers every dotted spelling of a name, and googlemail.com, to one inbox.
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The inbox an address reaches, so the per-address bound cannot be sidestepped by spelling one
 * inbox many ways: trimmed and lower-cased, without a `+tag` (sub-addressing, honoured by most
 * providers), and for Gmail without dots and with googlemail.com as gmail.com. Erasure finds
 * the entry through the same key, whichever spelling the person gives.
 */
function mailboxOf(email: string): string {
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

function reservedAt(data: unknown): number {
  const value = (data as { reservedAt?: unknown } | null)?.reservedAt;
  return typeof value === "string" ? Date.parse(value) : Number.NaN;
}

/**
 * The limits over `blobs`.
 * @param options secret: the form secret; dailyLimit: confirmations per UTC day (0 = none);
 *   now: the clock (tests pass a simulated one)
 */
export function createConfirmationLimits(
  blobs: LimitsBlobs,
  options: { secret: string; dailyLimit: number; now?: () => Date },
): ConfirmationLimits {
  const now = options.now ?? (() => new Date());

  async function takeDailySlot(at: Date, requestId: string): Promise<string | null> {
    const prefix = `daily/${at.toISOString().slice(0, 10)}/`;
    const key = `${prefix}${at.toISOString()}-${requestId}`;
    await blobs.setJSON(key, {});
    const rank = (await blobs.keys(prefix)).sort().indexOf(key);
    if (rank >= 0 && rank < options.dailyLimit) return key;
    await blobs.delete(key);
    // A strongly consistent listing always holds the key just written; one that does not is a
    // store fault, not a verdict on the day's limit.
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
    async reserve(email, requestId) {
      const at = now();
      const slot = await takeDailySlot(at, requestId);
      if (!slot) return { allowed: false, reason: "daily-limit" };
      if (await takeAddress(at, email)) return { allowed: true };
      await blobs.delete(slot);
      return { allowed: false, reason: "address-limit" };
    },
  };
}

/**
 * The per-address entries as erasure sees them (docs/decisions/0018-retention-and-erasure.md,
 * netlify/lib/privacy/lead-erasure.ts):
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
  const today = `daily/${now.toISOString().slice(0, 10)}/`;
  const stale = (await blobs.keys("daily/")).filter((key) => !key.startsWith(today));
  for (const key of await blobs.keys("address/")) {
    const entry = await blobs.getWithEtag(key);
    if (entry && !(now.getTime() - reservedAt(entry.data) < ADDRESS_WINDOW_MS)) stale.push(key);
  }
  for (const key of stale) await blobs.delete(key);
  return stale.length;
}

type BlobStore = ReturnType<typeof getStore>;

/** LimitsBlobs over a Blobs store (by default `getStore("demo-request-limits")`, strongly consistent). */
export function blobLimitsStore(
  store: BlobStore = getStore({ name: LIMITS_STORE_NAME, consistency: "strong" }),
): LimitsBlobs {
  return {
    async getWithEtag(key) {
      const found = await store.getWithMetadata(key, { type: "json" });
      return found ? { data: found.data, etag: found.etag } : null;
    },
    async setJSON(key, value, condition) {
      const { modified } = await store.setJSON(key, value, condition);
      return modified;
    },
    async keys(prefix) {
      const { blobs } = await store.list({ prefix });
      return blobs.map((blob) => blob.key);
    },
    delete: (key) => store.delete(key),
  };
}

/** The limits in the Blobs store `demo-request-limits`, with the configured secret and daily limit. */
export function blobConfirmationLimits(
  config: Pick<ServerConfig, "formSecret" | "confirmationDailyLimit">,
): ConfirmationLimits {
  return createConfirmationLimits(blobLimitsStore(), {
    secret: config.formSecret,
    dailyLimit: config.confirmationDailyLimit,
  });
}
