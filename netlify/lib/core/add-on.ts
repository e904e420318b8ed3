/**
 * The core's extension points (docs/decisions/0034-core-and-add-ons.md): an add-on is a plain object with a name
 * and optional hooks, called in netlify/lib/compose.ts's order. No hook may throw for a single lead.
 */
import type { DemoRequest } from "../../../src/lib/demo-request";
import type { ServerConfig } from "./config";
import type { Mailer, RetryOptions, SendResult } from "./delivery/mailer";
import type { AnswerFormat, BookingOffer } from "./demo-request/edge";
import type { ChannelName, LeadAlert, LeadRecord } from "./leads/lead-record";
import type { LeadEventName, PublishedLeadEvent } from "./leads/lead-events";
import type { SpamVerdict } from "./spam/spam";
import { logInfoOnce } from "../kit/log";

/** A delivery channel decides when it may send and sends one message with its own retries (docs/decisions/0019-lead-path.md). */
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

export interface DeliveryChannel {
  readonly name: ChannelName;
  plan(lead: LeadRecord, context: DeliveryContext): "send" | "wait" | { skip: string };
  send(lead: LeadRecord, context: DeliveryContext): Promise<ChannelResult>;
}

export interface Judgement {
  verdict: SpamVerdict;
  lead?: Partial<Pick<LeadRecord, "emailClass">>;
}

export interface AddOn {
  readonly name: string;
  judge?: (request: DemoRequest, verdict: SpamVerdict) => Judgement;
  /** A channel after the sales e-mail or beside it; an add-on that is off gives one that skips, so leads settle. */
  channel?: { lane: "after-sales" | "beside"; channel: DeliveryChannel };
  /** Lead `id`'s claim link, issued at `now`: a link's lifetime runs from its issue. */
  claimUrl?: (config: ServerConfig, id: string, now: Date) => string | undefined;
  /** The IANA zone sales works in, for the times its e-mails show; the first add-on's wins. */
  timeZone?: (config: ServerConfig) => string | undefined;
  /** An offer on a received request's answer (e.g. the booking link); the first add-on's wins. */
  answerExtras?: (answer: {
    leadId: string;
    request: DemoRequest;
    format: AnswerFormat;
    now: Date;
  }) => Promise<BookingOffer | undefined>;
  postAlert?: (
    lead: LeadRecord,
    alert: { reason: LeadAlert["reason"]; detail: string },
    context: Pick<DeliveryContext, "config" | "retry" | "now">,
  ) => Promise<"sent" | "failed">;
  /**
   * Takes up the lead `events` it names, each published once through the core and delivered to `deliver` until it
   * answers `sent` or `permanent`, with the retry job's backoff (docs/decisions/0043-durable-lead-events.md).
   * `name` keys its delivery state in every stored event. `deliver` resolves one attempt's outcome (`attempts`
   * made, 1 when absent); a throw counts as `retryable`.
   */
  onLeadEvent?: {
    readonly name: string;
    readonly events: readonly LeadEventName[];
    deliver(
      event: PublishedLeadEvent,
      lead: LeadRecord,
      context: Pick<DeliveryContext, "config" | "retry" | "now">,
    ): Promise<SendResult & { attempts?: number }>;
  };
}

/**
 * The add-on `name` standing in for one that is off: its channel skips every lead with `reason`, so none waits,
 * and says so once per cold start, not once per lead.
 */
export function offAddOn(name: string, channel: DeliveryChannel["name"], reason: string): AddOn {
  return {
    name,
    channel: {
      lane: channel === "confirmation" ? "after-sales" : "beside",
      channel: {
        name: channel,
        plan: () => {
          logInfoOnce(`${channel} off: every lead skips it (${reason})`);
          return { skip: reason };
        },
        send: async () => ({ status: "skipped", reason, attempts: 0 }),
      },
    },
  };
}

/** Lead `id`'s claim link issued at `now`, from the first add-on that makes one, or undefined. */
export function claimUrlOf(
  addOns: readonly AddOn[],
  config: ServerConfig,
  id: string,
  now: Date,
): string | undefined {
  return addOns.map((addOn) => addOn.claimUrl?.(config, id, now)).find(Boolean);
}

/** The zone the first add-on with one names for `config`, or undefined (times are then shown in UTC). */
export function timeZoneOf(addOns: readonly AddOn[], config: ServerConfig): string | undefined {
  return addOns.map((addOn) => addOn.timeZone?.(config)).find(Boolean);
}

/** Runs every add-on's judge in order over `verdict`; resolves the last verdict and every field added. */
export function judgeWith(addOns: readonly AddOn[], request: DemoRequest, verdict: SpamVerdict): Judgement {
  let judged: Judgement = { verdict, lead: {} };
  for (const addOn of addOns) {
    const next = addOn.judge?.(request, judged.verdict);
    if (next) judged = { verdict: next.verdict, lead: { ...judged.lead, ...next.lead } };
  }
  return judged;
}
