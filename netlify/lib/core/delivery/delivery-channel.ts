/**
 * What a delivery channel is (docs/decisions/0019-lead-path.md): one module per channel
 * (netlify/lib/core/delivery/sales-email.ts, netlify/lib/add-ons/confirmation/confirmation.ts,
 * netlify/lib/add-ons/webhook/webhook-channel.ts), each deciding when it may send and sending one message
 * with its own retries. netlify/lib/core/delivery/deliver.ts runs them for the request handler and the retry job
 * alike, and records each one's state in the lead (netlify/lib/core/leads/lead-record.ts).
 */
import type { ServerConfig } from "../config";
import type { AddOn } from "../add-on";
import type { ChannelName, LeadRecord } from "../leads/lead-record";
import type { Mailer } from "./mailer";
import type { RetryOptions, SendResult } from "./send-result";

/** What sending needs: the configuration, the mailer, the in-request retry options and the clock. */
export interface DeliveryContext {
  config: ServerConfig;
  mailer: Mailer;
  /** The add-ons that are on (netlify/lib/compose.ts `addOnsFor`): their channels and hooks. */
  addOns: readonly AddOn[];
  retry?: RetryOptions;
  now: () => Date;
}

/** A send's outcome, or a channel deciding at send time not to send (e.g. past a bound). */
/** Something a person must hear of that is not about one lead: the day's confirmations nearly spent. */
export type DeliveryNotice = { kind: "confirmation-limit-near"; used: number; limit: number };

export type ChannelResult = (SendResult | { status: "skipped"; reason: string }) & {
  attempts: number;
  notice?: DeliveryNotice;
};

/** A channel's answer to "may you send this lead now?": yes, not yet, or never (with why). */
export type ChannelPlan = "send" | "wait" | { skip: string };

export interface DeliveryChannel {
  readonly name: ChannelName;
  /**
   * E.g. the confirmation waits for the sales e-mail, and is skipped when that one failed; the
   * webhook is skipped when none is configured.
   */
  plan(lead: LeadRecord, context: DeliveryContext): ChannelPlan;
  /** Sends once, retrying within the request's budget; logs the outcome; never throws. */
  send(lead: LeadRecord, context: DeliveryContext): Promise<ChannelResult>;
}
