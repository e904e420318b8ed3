/** The stored lead and its delivery state per channel (docs/decisions/0019-lead-path.md); plain data and pure functions. */
import type { Attribution, DemoRequest } from "../../../../src/lib/demo-request";
import type { EmailClass } from "./lead-email-class";
import type { SpamVerdict } from "../spam/spam";

export const CHANNELS = ["sales", "confirmation", "webhook"] as const;
export type ChannelName = (typeof CHANNELS)[number];

/** `sending`: an attempt without its outcome yet; `unconfirmed`: one that never recorded it (not repeated). */
export const DELIVERY_STATES = ["pending", "sending", "sent", "failed", "unconfirmed", "skipped"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One channel's delivery; times are ISO 8601 UTC. */
export interface Delivery {
  state: DeliveryState;
  attempts: number;
  lastAttemptAt?: string;
  lastError?: string;
  sentAt?: string;
}

/** The lead as sales sees it; `spam`: the honeypot was filled, stored for recovery, never sent. */
export const LEAD_STATES = ["pending", "sent", "failed", "unconfirmed", "spam"] as const;
export type LeadState = (typeof LEAD_STATES)[number];

export interface LeadAlert {
  reason: "failed" | "unconfirmed" | "overdue";
  at: string;
  via?: "email" | "log";
  webhook?: "sent" | "failed";
}

export interface LeadRecord {
  id: string;
  request: DemoRequest;
  attribution?: Attribution;
  /** A keyed hash of the client IP for the per-client confirmation bound; never the IP. */
  clientKey?: string;
  inboxKey?: string;
  emailClass?: EmailClass;
  receivedAt: string;
  state: LeadState;
  deliveries: Record<ChannelName, Delivery>;
  alert?: LeadAlert;
  settledAt?: string;
  spamReason?: string;
  honeypot?: string;
  /** Why a spam layer suspects it: delivered marked "[Suspected spam]", no confirmation. */
  suspectedSpam?: string;
  released?: { at: string; by: string };
}

/** `lead` with a delivery for every channel it lacks (older leads), as a new lead would have. */
export function completeDeliveries(lead: LeadRecord): LeadRecord {
  const fresh = lead.state === "spam" ? allChannels("skipped", "stored as spam") : allChannels("pending");
  return { ...lead, deliveries: { ...fresh, ...lead.deliveries } };
}

const FINAL: ReadonlySet<DeliveryState> = new Set(["sent", "failed", "unconfirmed", "skipped"]);

function isFinal(delivery: Delivery): boolean {
  return FINAL.has(delivery.state);
}

function allChannels(state: DeliveryState, lastError?: string): LeadRecord["deliveries"] {
  const delivery = (): Delivery => (lastError ? { state, attempts: 0, lastError } : { state, attempts: 0 });
  return Object.fromEntries(CHANNELS.map((channel) => [channel, delivery()])) as LeadRecord["deliveries"];
}

/** A new lead with every channel pending; a `spam` verdict skips them all, so it is settled at once. */
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
  }: Partial<Pick<LeadRecord, "honeypot" | "attribution" | "clientKey" | "inboxKey" | "emailClass">> & {
    verdict?: SpamVerdict;
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
  return CHANNELS.every((channel) => isFinal(lead.deliveries[channel])) && (!needsAlert || !!lead.alert);
}

/** When the follow-up clocks and the 24-hour promise start: the release of a lead held as spam, else its arrival. */
export function promiseStart(lead: Pick<LeadRecord, "receivedAt" | "released">): string {
  return lead.released?.at ?? lead.receivedAt;
}
