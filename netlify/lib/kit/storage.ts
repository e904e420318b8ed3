/** Every Blobs store and key prefix, with its retention, erasure and access (docs/decisions/0018-retention-and-erasure.md). */
import { createHash } from "node:crypto";
import { z } from "zod";

export const LEAD_STORE_NAME = "demo-requests";
export const LIMITS_STORE_NAME = "demo-request-limits";
export const BLOB_STORES = [LEAD_STORE_NAME, LIMITS_STORE_NAME] as const;

export const BY_LEAD_ID = "<lead id>";

/** One entry: its store and prefix, what it holds, whether it is personal (also pseudonymously), and its rules. */
export const entrySchema = z.strictObject({
  store: z.enum(BLOB_STORES),
  prefix: z.string().regex(/^[a-z][a-z0-9-]*\/$/, "a lower-case name ending in /"),
  key: z.string().min(1),
  holds: z.string().min(1),
  personal: z.boolean(),
  retention: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.enum(["lead", "expires", "day", "window"]) }),
    z.strictObject({ kind: z.literal("with-lead"), orphans: z.enum(["daily", "retry-job"]) }),
  ]),
  // `left-to-retention` is pseudonymous and removed within a day.
  erasure: z.enum(["is-lead", "with-lead", "by-inbox", "left-to-retention", "not-personal"]),
  access: z.enum(["exported", "keyed-hash", "not-personal"]),
});

export type StorageEntry = z.infer<typeof entrySchema>;

const EXPIRING_NOTE = {
  store: LEAD_STORE_NAME,
  personal: false,
  retention: { kind: "expires" },
  erasure: "not-personal",
  access: "not-personal",
} as const;

const LEAD_MARKER = {
  store: LEAD_STORE_NAME,
  personal: false,
  retention: { kind: "with-lead", orphans: "daily" },
  erasure: "with-lead",
  access: "not-personal",
} as const;

export const STORAGE = {
  leads: {
    store: LEAD_STORE_NAME,
    prefix: "leads/",
    key: BY_LEAD_ID,
    holds: "the lead record: the six fields, its source and e-mail class, its state and deliveries",
    personal: true,
    retention: { kind: "lead" },
    erasure: "is-lead",
    access: "exported",
  },
  pending: {
    prefix: "pending/",
    key: BY_LEAD_ID,
    holds: "{ since }: the lead's arrival, while it is not settled",
    ...LEAD_MARKER,
    retention: { kind: "with-lead", orphans: "retry-job" },
  },
  inboxes: {
    store: LEAD_STORE_NAME,
    prefix: "inboxes/",
    key: "<inbox key>/<lead id>",
    holds: "{ since }: the lead's arrival, under a keyed hash of its inbox",
    personal: true,
    retention: { kind: "with-lead", orphans: "daily" },
    erasure: "with-lead",
    access: "keyed-hash",
  },
  companies: {
    store: LEAD_STORE_NAME,
    prefix: "companies/",
    key: "<company key>/<ISO arrival>_<lead id>",
    holds:
      "{ since }: the lead's arrival, under a keyed hash of its address's registrable domain (company addresses only)",
    personal: true,
    retention: { kind: "with-lead", orphans: "daily" },
    erasure: "with-lead",
    access: "keyed-hash",
  },
  followUp: {
    store: LEAD_STORE_NAME,
    prefix: "followup/",
    key: BY_LEAD_ID,
    holds: "the follow-up record: state, owner, its times, live bookings",
    personal: true,
    retention: { kind: "with-lead", orphans: "daily" },
    erasure: "with-lead",
    access: "exported",
  },
  unclaimed: {
    prefix: "unclaimed/",
    key: BY_LEAD_ID,
    holds: "{ since }: the lead's arrival, while nobody has claimed it",
    ...LEAD_MARKER,
  },
  claimed: {
    prefix: "claimed/",
    key: BY_LEAD_ID,
    holds: "{ since }: the lead's arrival, while it is claimed and not contacted",
    ...LEAD_MARKER,
  },
  bookingUids: {
    prefix: "booking-uids/",
    key: "<SHA-256 of the booking uid>",
    holds: "{ leadId }: the lead holding that live booking",
    ...LEAD_MARKER,
  },
  leadEvents: {
    store: LEAD_STORE_NAME,
    prefix: "lead-events/",
    key: BY_LEAD_ID,
    holds:
      "the lead's events not yet delivered to every subscriber: name, time, our line about it (naming the prospect and company), the owner's name, and per subscriber its delivery state",
    personal: true,
    retention: { kind: "with-lead", orphans: "retry-job" },
    erasure: "with-lead",
    access: "exported",
  },
  malformed: {
    prefix: "malformed/",
    key: BY_LEAD_ID,
    holds: "{ at, expiresAt }: ALERT_EMAIL was told that the lead is malformed",
    ...EXPIRING_NOTE,
    erasure: "with-lead",
  },
  settingsAlerts: {
    prefix: "settings-alerts/",
    key: "<YYYY-MM-DD>",
    holds: "{ at, expiresAt }: that day's alert about invalid settings went out",
    ...EXPIRING_NOTE,
  },
  crmAlerts: {
    prefix: "crm-alerts/",
    key: "<YYYY-MM-DD>",
    holds: "{ at, expiresAt }: that day's alert that HubSpot refused the site's token went out",
    ...EXPIRING_NOTE,
  },
  digests: {
    prefix: "digests/",
    key: "<YYYY-MM-DD>",
    holds: "{ at, expiresAt }: that day's suspected-spam digest went out",
    ...EXPIRING_NOTE,
  },
  summaries: {
    prefix: "summaries/",
    key: "<ISO week, YYYY-Www>",
    holds:
      "{ at, expiresAt, figures, leadIds }: that week's summary went out or its figures were kept; no visitor data",
    ...EXPIRING_NOTE,
  },
  tickets: {
    prefix: "tickets/",
    key: "<SHA-256 of the ticket>",
    holds: "{ leadId, expiresAt, usedAt? }: a thanks-page ticket",
    ...EXPIRING_NOTE,
  },
  bookingEvents: {
    prefix: "booking-events/",
    key: "<SHA-256 of trigger and booking uid>",
    holds: "{ at, expiresAt }: that booking event was applied",
    ...EXPIRING_NOTE,
  },
  formTokens: {
    prefix: "form-tokens/",
    key: "<SHA-256 of the token>",
    holds: "{ key?, payload, expiresAt }: a spent form token, a digest of the fields, no visitor text",
    ...EXPIRING_NOTE,
    store: LIMITS_STORE_NAME,
  },
  address: {
    store: LIMITS_STORE_NAME,
    prefix: "address/",
    key: "<HMAC of the inbox>",
    holds: "{ reservedAt }: when that inbox last got a confirmation",
    personal: true,
    retention: { kind: "window" },
    erasure: "by-inbox",
    access: "keyed-hash",
  },
  daily: {
    store: LIMITS_STORE_NAME,
    prefix: "daily/",
    key: "<YYYY-MM-DD>/<ISO time>-<lead id>",
    holds: "nothing: one key per confirmation of that day",
    personal: false,
    retention: { kind: "day" },
    erasure: "not-personal",
    access: "not-personal",
  },
  client: {
    store: LIMITS_STORE_NAME,
    prefix: "client/",
    key: "<YYYY-MM-DD>/<client key>/<ISO time>-<lead id>",
    holds: "nothing: one key per confirmation a client caused that day, under a keyed hash of its IP",
    personal: true,
    retention: { kind: "day" },
    erasure: "left-to-retention",
    access: "keyed-hash",
  },
} as const satisfies Record<string, StorageEntry>;

export type StorageName = keyof typeof STORAGE;

export const STORAGE_ENTRIES = Object.entries(STORAGE) as [StorageName, StorageEntry][];

/** The key `<prefix of name><rest>`, e.g. `keyOf("leads", id)` is `leads/<id>`. */
export function keyOf(name: StorageName, rest: string): string {
  return `${STORAGE[name].prefix}${rest}`;
}

/** The key `<prefix of name><SHA-256 of text, hex>`: tokens and booking uids are stored only as their hash. */
export function hashedKeyOf(name: StorageName, text: string): string {
  return keyOf(name, createHash("sha256").update(text).digest("hex"));
}

const byLeadId = (include: (entry: StorageEntry) => boolean) => (id: string) =>
  STORAGE_ENTRIES.filter(([, entry]) => entry.key === BY_LEAD_ID && include(entry)).map(
    ([, entry]) => `${entry.prefix}${id}`,
  );

/** The lead store's keys deleted with lead `id` (`LeadStore.remove`). */
export const keysDeletedWithLead = byLeadId((entry) => entry.retention.kind === "with-lead");

/** The lead store's keys erasure deletes beside `LeadStore.remove`, e.g. `["malformed/<id>"]`. */
export const keysErasedWithLead = byLeadId(
  (entry) => entry.retention.kind !== "with-lead" && entry.erasure === "with-lead",
);
