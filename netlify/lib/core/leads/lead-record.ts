/**
 * The stored lead (one demo request) and its delivery state per channel (decision
 * docs/decisions/0019-lead-path.md). Plain data and pure functions; the store is
 * netlify/lib/core/leads/lead-store.ts, the sending netlify/lib/core/delivery/deliver.ts.
 */
import type { Attribution, DemoRequest } from "../../../../src/lib/demo-request";
import type { EmailClass } from "./lead-email-class";

/**
 * Where a lead is delivered: the sales e-mail, then the confirmation; the lead webhook (decision 0022)
 * runs beside them (netlify/lib/core/delivery/deliver.ts).
 */
export const CHANNELS = ["sales", "confirmation", "webhook"] as const;
export type ChannelName = (typeof CHANNELS)[number];

/**
 * One channel's state: `pending` (not sent yet; retried), `sending` (an attempt is on record
 * but not its outcome), `sent`, `failed` (refused for good, or given up after a day),
 * `unconfirmed` (an attempt whose outcome was never recorded: it may have gone out, so it is
 * not repeated) and `skipped` (not to be sent; `lastError` says why).
 */
export type DeliveryState = "pending" | "sending" | "sent" | "failed" | "unconfirmed" | "skipped";

/** One channel's delivery. Times are ISO 8601 UTC strings. */
export interface Delivery {
  state: DeliveryState;
  /** Sends made so far (an attempt may hold several in-request retries). */
  attempts: number;
  /** When the latest attempt started. */
  lastAttemptAt?: string;
  /** Why the latest attempt failed or the channel was skipped, e.g. "SendGrid answered 503"; never visitor data. */
  lastError?: string;
  sentAt?: string;
}

/**
 * The lead as sales sees it: its sales e-mail's outcome (`unconfirmed`: may have gone out), or
 * `spam` (the honeypot was filled: stored to be recovered, nothing ever sent; decision 0011).
 */
export type LeadState = "pending" | "sent" | "failed" | "unconfirmed" | "spam";

/** The one alert a lead may cause (netlify/lib/core/delivery/alert.ts): recorded before it goes out. */
export interface LeadAlert {
  reason: "failed" | "unconfirmed" | "overdue";
  at: string;
  /** How it reached a person; absent while it is being sent. */
  via?: "email" | "log";
  /** Whether the lead webhook took it too (decision 0022); absent without a webhook. */
  webhook?: "sent" | "failed";
}

/** One stored demo request. */
export interface LeadRecord {
  /** Made by the server (core/leads/lead-id.ts); also the reference the prospect and sales see. */
  id: string;
  request: DemoRequest;
  /** Where the visit came from (docs/decisions/0024-lead-attribution.md), when the page recorded it. */
  attribution?: Attribution;
  /**
   * A keyed hash of the client IP that sent it (core/spam/client-key.ts `clientKeyOf`),
   * for the per-client bound on confirmations; never the IP itself.
   */
  clientKey?: string;
  /**
   * A keyed hash of the prospect's inbox (core/leads/lead-address.ts `inboxKeyOf`), the key of the lead
   * store's inbox index; absent on leads stored before it.
   */
  inboxKey?: string;
  /** The class of the prospect's e-mail address (./email-class.ts), a signal for sales; absent on leads stored before it. */
  emailClass?: EmailClass;
  receivedAt: string;
  state: LeadState;
  deliveries: Record<ChannelName, Delivery>;
  alert?: LeadAlert;
  /** When the lead first needed nothing more (`isSettled`); retention counts from it (decision 0018). */
  settledAt?: string;
  /** Why the lead is `spam`, e.g. "honeypot field filled" (netlify/lib/core/spam/spam.ts). */
  spamReason?: string;
  /** What the honeypot held, for recovering a person whose browser filled it. */
  honeypot?: string;
  /**
   * Why a spam layer suspects this request, e.g. "form token expired (issued 30 h before)": it
   * is delivered with "[Suspected spam]" in the subject and gets no confirmation (decision 0011).
   */
  suspectedSpam?: string;
}

/**
 * `lead` with a delivery for every channel it has none for: a lead stored before a channel
 * existed (the webhook, decision 0022) gets that channel as a new lead would (pending; skipped for a
 * `spam` lead, which is never delivered).
 */
export function completeDeliveries(lead: LeadRecord): LeadRecord {
  const missing = CHANNELS.filter((channel) => !lead.deliveries?.[channel]);
  if (missing.length === 0) return lead;
  const delivery: Delivery =
    lead.state === "spam"
      ? { state: "skipped", attempts: 0, lastError: "stored as spam" }
      : { state: "pending", attempts: 0 };
  const added = Object.fromEntries(missing.map((channel) => [channel, { ...delivery }]));
  return { ...lead, deliveries: { ...lead.deliveries, ...added } };
}

const FINAL: ReadonlySet<DeliveryState> = new Set(["sent", "failed", "unconfirmed", "skipped"]);

/** True when nothing more will be sent on this channel. */
export function isFinal(delivery: Delivery): boolean {
  return FINAL.has(delivery.state);
}

/**
 * The spam layers' verdict (netlify/lib/core/spam/spam.ts, decision 0011) as the stored lead shows it: a
 * `spam` lead is never delivered, a `suspected` one carries its reason to sales.
 */
export type LeadVerdict = { kind: "clean" } | { kind: "spam" | "suspected"; reason: string };

function allChannels(state: DeliveryState, lastError?: string): LeadRecord["deliveries"] {
  const delivery = (): Delivery => (lastError ? { state, attempts: 0, lastError } : { state, attempts: 0 });
  return Object.fromEntries(CHANNELS.map((channel) => [channel, delivery()])) as LeadRecord["deliveries"];
}

/** What a new lead may carry besides the request: the spam verdict, the honeypot, the source. */
export interface NewLeadExtras {
  /** Default `clean`. */
  verdict?: LeadVerdict;
  /** What the hidden field held (kept with a `spam` lead). */
  honeypot?: string;
  /** Where the visit came from (docs/decisions/0024-lead-attribution.md), when the form sent it. */
  attribution?: Attribution;
  /** The keyed hash of the client IP (see LeadRecord). */
  clientKey?: string;
  /** The keyed hash of the inbox (see LeadRecord). */
  inboxKey?: string;
  /** The class of the e-mail address (see LeadRecord). */
  emailClass?: EmailClass;
}

/**
 * A new lead, e.g. `newLead(id, request, new Date())`: every channel pending. For a `spam`
 * verdict every channel (the webhook too) is skipped, so the lead is settled at once.
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
  }: NewLeadExtras = {},
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
    deliveries: allChannels("pending"),
  };
  if (verdict.kind === "clean") return lead;
  if (verdict.kind === "suspected") return { ...lead, suspectedSpam: verdict.reason };
  return {
    ...lead,
    state: "spam",
    deliveries: allChannels("skipped", "stored as spam"),
    settledAt: lead.receivedAt,
    spamReason: verdict.reason,
    honeypot,
  };
}

/** The lead's state follows its sales e-mail; a `spam` lead stays spam. */
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

/**
 * True when the lead needs nothing more: every channel final and, where one is due, its alert
 * on record. Its pending marker can then go (netlify/lib/core/leads/lead-store.ts).
 */
export function isSettled(lead: LeadRecord): boolean {
  const needsAlert = lead.state === "failed" || lead.state === "unconfirmed";
  return CHANNELS.every((channel) => isFinal(lead.deliveries[channel])) && (!needsAlert || !!lead.alert);
}
