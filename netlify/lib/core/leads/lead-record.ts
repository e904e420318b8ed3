/**
 * The stored lead, its schema and its delivery state per channel (docs/decisions/0019-lead-path.md). The schema checks
 * types, not the form's current rules, so older leads still read; unknown fields are kept. A stored lead that fails
 * it is a `MalformedLeadError`. The e-mail class as sales reads it: docs/decisions/0031-email-classification.md.
 */
import { z } from "zod";
import {
  ATTRIBUTION_KEYS,
  DEMO_REQUEST_FIELDS,
  type DemoRequest,
  type DemoRequestField,
} from "../../../../src/lib/demo-request";
import { mapInBatches } from "../../kit/jobs";
import { noteOnce, type JsonBlobs } from "../../kit/json-blobs";
import { logError } from "../../kit/log";
import { EMAIL_CLASSES, type EmailClass, type EmailClassName } from "../../kit/email-class";
import { keyOf } from "../../kit/storage";
import type { SpamVerdict } from "../spam/spam";

/**
 * A delivery channel's name: the core's sales e-mail, or one a loaded plugin declares (e.g. "confirmation",
 * "webhook"). A lead holds a delivery for each channel loaded when it arrived (docs/decisions/0043-plugins.md).
 */
export type ChannelName = string;
export const SALES_CHANNEL = "sales";

/**
 * `sending`: an attempt without its outcome yet; `unconfirmed`: a confirmation attempt that never recorded it, not
 * repeated (docs/decisions/0039-work-after-the-answer.md; older leads may hold it for any channel).
 */
const DELIVERY_STATES = ["pending", "sending", "sent", "failed", "unconfirmed", "skipped"] as const;
type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The lead as sales sees it; `spam`: the honeypot was filled, stored for recovery, never sent. */
const LEAD_STATES = ["pending", "sent", "failed", "unconfirmed", "spam"] as const;
type LeadState = (typeof LEAD_STATES)[number];

const LABELS: Record<EmailClassName, string> = {
  company: "company domain",
  free: "free mail",
  isp: "ISP",
  disposable: "disposable",
};

/** The class in short labels, e.g. ["free mail", "role address"] or ["company domain"]. */
export function emailClassLabels(emailClass: EmailClass): string[] {
  return [LABELS[emailClass.class], ...(emailClass.role ? ["role address"] : [])];
}

/** Tags for a subject or first line, e.g. "[free mail] [role address]"; "" for a company address. */
export function emailClassTag(emailClass: EmailClass | undefined): string {
  if (!emailClass) return "";
  return emailClassLabels(emailClass)
    .filter((label) => label !== LABELS.company)
    .map((label) => `[${label}]`)
    .join(" ");
}

/** `base` as a lead's title in a subject or message: its class tag after, "[Suspected spam]" before when suspected. */
export function leadTitle(base: string, lead: { emailClass?: EmailClass; suspectedSpam?: string }): string {
  const tag = emailClassTag(lead.emailClass);
  const title = tag ? `${base} ${tag}` : base;
  return lead.suspectedSpam ? `[Suspected spam] ${title}` : title;
}

const WORDS: Record<EmailClassName, string> = {
  company: "Company domain",
  free: "Free mail",
  isp: "Internet provider's mailbox",
  disposable: "Disposable address",
};

/** One line for a message body or the claim page's tag, e.g. "Free mail: gmail.com". */
export function emailClassLine(emailClass: EmailClass): string {
  return `${WORDS[emailClass.class]}: ${emailClass.domain}${emailClass.role ? "; a role address" : ""}`;
}

/** One CSV cell, e.g. "free" or "company, role". */
export function emailClassCell(emailClass: EmailClass): string {
  return emailClass.role ? `${emailClass.class}, role` : emailClass.class;
}

function shapeOf<K extends string, S>(keys: readonly K[], schemaOf: (key: K) => S): Record<K, S> {
  return Object.fromEntries(keys.map((key) => [key, schemaOf(key)])) as Record<K, S>;
}

const time = z.iso.datetime({ offset: true });
const optionalText = z.string().optional();

/**
 * One channel's delivery; times are ISO 8601 UTC. `inDoubt`: the last attempt's outcome was never recorded and it
 * is sent again; `memo`: what the channel keeps about its delivery of this lead, e.g. a partner's record id
 * (docs/decisions/0043-plugins.md).
 */
const deliverySchema = z.looseObject({
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int().nonnegative(),
  lastAttemptAt: time.optional(),
  lastError: optionalText,
  sentAt: time.optional(),
  inDoubt: z.boolean().optional(),
  memo: z.record(z.string(), z.union([z.string(), z.boolean()])).optional(),
});

const alertSchema = z.looseObject({
  reason: z.enum(["failed", "unconfirmed", "overdue"]),
  at: time,
  via: z.enum(["email", "log"]).optional(),
  webhook: z.enum(["sent", "failed"]).optional(),
});

/** Every field but the request and deliveries, whose types are the form's and complete. */
const leadFields = {
  id: z.string().min(1),
  attribution: z.looseObject(shapeOf(ATTRIBUTION_KEYS, () => optionalText)).optional(),
  /** A keyed hash of the client IP for the per-client confirmation bound; never the IP. */
  clientKey: optionalText,
  emailClass: z
    .looseObject({ class: z.enum(EMAIL_CLASSES), domain: z.string(), role: z.boolean() })
    .optional(),
  receivedAt: time,
  state: z.enum(LEAD_STATES),
  alert: alertSchema.optional(),
  settledAt: time.optional(),
  spamReason: optionalText,
  honeypot: optionalText,
  /** Why a spam layer suspects it: delivered marked "[Suspected spam]", no confirmation. */
  suspectedSpam: optionalText,
  released: z.looseObject({ at: time, by: z.string() }).optional(),
};

const storedLeadSchema = z.looseObject({
  ...leadFields,
  request: z.looseObject(
    Object.fromEntries(
      DEMO_REQUEST_FIELDS.map((row) => [row.name, row.required ? z.string() : z.string().default("")]),
    ) as Record<DemoRequestField, z.ZodString | z.ZodDefault<z.ZodString>>,
  ),
  deliveries: z.record(z.string(), deliverySchema).optional(),
});

export type Delivery = z.infer<typeof deliverySchema>;
export type LeadAlert = z.infer<typeof alertSchema>;
export type LeadRecord = z.output<z.ZodObject<typeof leadFields>> & {
  request: DemoRequest;
  inboxKey?: string;
  deliveries: { sales: Delivery } & Record<ChannelName, Delivery>;
};

/** `lead` with the sales e-mail's delivery if it lacks one (the oldest leads), as a new lead would have it. */
function completeDeliveries(lead: LeadRecord): LeadRecord {
  const sales =
    lead.state === "spam" ? allChannels([], "skipped", "stored as spam") : allChannels([], "pending");
  return { ...lead, deliveries: { ...sales, ...lead.deliveries } };
}

const FINAL: ReadonlySet<DeliveryState> = new Set(["sent", "failed", "unconfirmed", "skipped"]);

function allChannels(channels: readonly ChannelName[], state: DeliveryState, lastError?: string) {
  const delivery = (): Delivery => (lastError ? { state, attempts: 0, lastError } : { state, attempts: 0 });
  const names = [SALES_CHANNEL, ...channels];
  return Object.fromEntries(names.map((channel) => [channel, delivery()])) as LeadRecord["deliveries"];
}

/** A delivery pending for the sales e-mail and each of `channels`, as a lead arriving now gets. */
export const pendingDeliveries = (channels: readonly ChannelName[]) => allChannels(channels, "pending");

/**
 * A new lead with the sales e-mail and each of `channels` (the loaded plugins') pending; a `spam` verdict skips
 * them all, so it is settled at once.
 */
export function newLead(
  id: string,
  request: DemoRequest,
  receivedAt: Date,
  {
    verdict = { kind: "clean" },
    honeypot = "",
    attribution,
    clientKey,
    inboxKey,
    emailClass,
    channels = [],
  }: Partial<Pick<LeadRecord, "honeypot" | "attribution" | "clientKey" | "inboxKey" | "emailClass">> & {
    verdict?: SpamVerdict;
    channels?: readonly ChannelName[];
  } = {},
): LeadRecord {
  const lead: LeadRecord = {
    id,
    request,
    ...(attribution ? { attribution } : {}),
    ...(clientKey ? { clientKey } : {}),
    ...(inboxKey ? { inboxKey } : {}),
    ...(emailClass ? { emailClass } : {}),
    receivedAt: receivedAt.toISOString(),
    state: "pending",
    deliveries: allChannels(channels, "pending"),
  };
  if (verdict.kind === "clean") return lead;
  if (verdict.kind === "suspected") return { ...lead, suspectedSpam: verdict.reason };
  return {
    ...lead,
    state: "spam",
    deliveries: allChannels(channels, "skipped", "stored as spam"),
    settledAt: lead.receivedAt,
    spamReason: verdict.reason,
    honeypot,
  };
}

function stateOf(lead: LeadRecord, sales: Delivery): LeadState {
  if (lead.state === "spam") return "spam";
  if (sales.state === "sent" || sales.state === "failed" || sales.state === "unconfirmed") return sales.state;
  return "pending";
}

/** A copy of `lead` with `channel`'s delivery changed by `change`, and the lead's state to match. */
export function withDelivery(lead: LeadRecord, channel: ChannelName, change: Partial<Delivery>): LeadRecord {
  const deliveries = { ...lead.deliveries, [channel]: { ...lead.deliveries[channel], ...change } };
  return { ...lead, deliveries, state: stateOf(lead, deliveries.sales) };
}

/** True when every channel is final and any due alert recorded; its pending marker can go. */
export function isSettled(lead: LeadRecord): boolean {
  const needsAlert = lead.state === "failed" || lead.state === "unconfirmed";
  return (
    Object.values(lead.deliveries).every((delivery) => FINAL.has(delivery.state)) &&
    (!needsAlert || !!lead.alert)
  );
}

/**
 * When every clock of a lead starts: its delivery's (the in-flight grace, the overdue alert, giving up after a day),
 * the follow-up's and the 24-hour promise. The release of a lead held as spam, else its arrival; an ISO string.
 */
export function promiseStart(lead: Pick<LeadRecord, "receivedAt" | "released">): string {
  return lead.released?.at ?? lead.receivedAt;
}

/** The promise's length (docs/requirements.md: sales contact a requester within 24 hours). */
export const PROMISE_HOURS = 24;

/** When the promise runs out for clocks started at `start` (`promiseStart`, an ISO string or a Date). */
export const promiseDeadline = (start: string | Date): Date =>
  new Date(new Date(start).getTime() + PROMISE_HOURS * 3_600_000);

/** A stored lead that is not a lead record; carries the lead's id only, never the data. */
export class MalformedLeadError extends Error {
  override name = "MalformedLeadError";
  constructor(readonly id: string) {
    super(`stored lead ${id} is not a lead record`);
  }
}

/** `data` as a LeadRecord, every channel present; throws MalformedLeadError when it fails or holds another id. */
export function parseStoredLead(data: unknown, id: string): LeadRecord {
  const parsed = storedLeadSchema.safeParse(data);
  if (!parsed.success || parsed.data.id !== id) throw new MalformedLeadError(id);
  return completeDeliveries(parsed.data as LeadRecord);
}

/** The one log line for a malformed stored lead; `by` names what skipped it, e.g. "the retry job". */
export function logMalformedLead(id: string, by: string): void {
  logError(`MALFORMED LEAD: the stored record is not a lead record; ${by} skipped it`, { requestId: id });
}

/** Reads `ids` 50 at a time: the records (in order); the ids missing, malformed or unreadable; the first read error. */
export async function readEach<R>(store: { get(id: string): Promise<R | null> }, ids: readonly string[]) {
  const { results, failed } = await mapInBatches(ids, async (id) => ({ id, record: await store.get(id) }));
  const isMalformed = ({ error }: { error: unknown }) => error instanceof MalformedLeadError;
  const unreadable = failed.filter((failure) => !isMalformed(failure));
  return {
    records: results.flatMap(({ record }) => (record ? [record] : [])),
    missing: results.filter(({ record }) => !record).map(({ id }) => id),
    malformed: failed.filter(isMalformed).map(({ item }) => item),
    unreadable: unreadable.map(({ item }) => item),
    error: unreadable[0]?.error,
  };
}

/** Reads `ids` 50 at a time, leaving out malformed (logged) and missing ones; throws when the store fails. */
export async function readLeads(
  store: { get(id: string): Promise<LeadRecord | null> },
  ids: readonly string[],
  by: string,
): Promise<LeadRecord[]> {
  const { records, malformed, unreadable, error } = await readEach(store, ids);
  for (const id of malformed) logMalformedLead(id, by);
  if (unreadable.length > 0) throw error;
  return records;
}

/** Notes at `at`, for 30 days, that lead `id` was reported malformed; true when it had no note yet. May throw. */
export function noteMalformedLead(blobs: JsonBlobs, id: string, at: Date): Promise<boolean> {
  return noteOnce(blobs, keyOf("malformed", id), at, 30 * 24 * 3_600_000);
}
