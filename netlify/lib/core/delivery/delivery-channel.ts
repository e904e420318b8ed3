/** A delivery channel: decides when it may send and sends one message with its own retries (docs/decisions/0019-lead-path.md). */
import type { ServerConfig } from "../config";
import type { AddOn } from "../add-on";
import type { ChannelName, LeadRecord } from "../leads/lead-record";
import type { Mailer } from "./mailer";
import type { RetryOptions, SendResult } from "./send-result";

export interface DeliveryContext {
  config: ServerConfig;
  mailer: Mailer;
  addOns: readonly AddOn[];
  retry?: RetryOptions;
  now: () => Date;
}

/** Something a person must hear of that is not about one lead: the day's confirmations nearly spent. */
export type DeliveryNotice = { kind: "confirmation-limit-near"; used: number; limit: number };

export type ChannelResult = (SendResult | { status: "skipped"; reason: string }) & {
  attempts: number;
  notice?: DeliveryNotice;
};

export type ChannelPlan = "send" | "wait" | { skip: string };

export interface DeliveryChannel {
  readonly name: ChannelName;
  plan(lead: LeadRecord, context: DeliveryContext): ChannelPlan;
  send(lead: LeadRecord, context: DeliveryContext): Promise<ChannelResult>;
}
