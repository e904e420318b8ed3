/**
 * The core's extension points (docs/decisions/0034-core-and-add-ons.md): an add-on is a plain object with a name
 * and optional hooks, called in netlify/lib/compose.ts's order. No hook may throw for a single lead.
 */
import type { DemoRequest } from "../../../src/lib/demo-request";
import type { ConfigResult, PluginSettings, ServerConfig } from "./config";
import type { Mailer, RetryOptions, SendResult } from "./delivery/mailer";
import type { AnswerFormat, BookingOffer } from "./demo-request/edge";
import type { ChannelName, LeadAlert, LeadRecord } from "./leads/lead-record";
import type { LeadEventName, PublishedLeadEvent } from "./leads/lead-events";
import type { LeadStore } from "./leads/lead-store";
import type { SpamVerdict } from "./spam/spam";
import type { JsonBlobs } from "../kit/json-blobs";
import type { Env, Setting } from "../kit/settings";

/** A delivery channel decides when it may send and sends one message with its own retries (docs/decisions/0019-lead-path.md). */
export interface DeliveryContext {
  config: ServerConfig;
  mailer: Mailer;
  addOns: readonly AddOn[];
  retry?: RetryOptions;
  now: () => Date;
}

/**
 * Something the owner must hear of that is not about one lead, in its plugin's words and without visitor data (e.g.
 * the day's confirmations nearly spent): the alert's subject, title and paragraphs, its log line's `what`, the
 * error line when it cannot be sent, and the figures logged with it.
 */
export interface DeliveryNotice {
  what: string;
  subject: string;
  title: string;
  body: string[];
  notSent: string;
  fields: Record<string, number>;
}

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
  /** A channel after the sales e-mail or beside it; a lead holds a delivery for it from its arrival on. */
  channel?: { lane: "after-sales" | "beside"; channel: DeliveryChannel };
  /** Lead `id`'s claim link, issued at `now`: a link's lifetime runs from its issue. */
  claimUrl?: (config: ServerConfig, id: string, now: Date) => string | undefined;
  /** The IANA zone sales works in, for the times its e-mails show; the first add-on's wins. */
  timeZone?: (config: ServerConfig) => string | undefined;
  /** Lead `id`'s booking link, prefilled with its sealed reference; the first add-on's wins. */
  bookingUrl?: (id: string) => string;
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
   * answers `sent` or `permanent`, with the retry job's backoff (docs/decisions/0044-durable-lead-events.md).
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
  /**
   * The lead bookings the booking service reports, applied by the add-on that keeps follow-up
   * (docs/decisions/0046-booking-through-the-core.md); the first add-on's wins.
   */
  bookings?: LeadBookings;
  /** Lead `leadId`'s follow-up state and owner, read-only; the first add-on's wins (see `followUpViewOf`). */
  followUpView?: (leadId: string) => Promise<FollowUpView | undefined>;
}

/** One part of a plugin's settings: its name in the report, its variables, and its reader, which needs only `env`. */
export interface SettingsPart<K extends keyof PluginSettings = keyof PluginSettings> {
  /** Where the value goes in `ServerConfig` while on. */
  key: K;
  name: string;
  variables: readonly string[];
  /** May throw: the composition's guard turns the part off and names its variables. */
  read: (env: Env) => Setting<NonNullable<PluginSettings[K]>>;
}

/**
 * Test doubles a plugin takes when loaded, each under its own field that its plugin module declares (as
 * `PluginSettings`); production passes none.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each plugin's declaration
export interface PluginOverrides {}

/**
 * A plugin: one folder under `add-ons/`, listed on one line in compose.ts (docs/decisions/0043-plugins.md). Its
 * settings parts are read for every function; `load` imports its hooks only when its settings are on, and
 * resolves undefined when off.
 */
export interface Plugin {
  readonly name: string;
  readonly settings?: readonly SettingsPart[];
  /** Adjusts its settings once every plugin's are read, e.g. to what another plugin being on allows. */
  settle?: (config: ServerConfig) => Partial<PluginSettings> | undefined;
  load?: (config: ServerConfig, overrides: PluginOverrides) => Promise<AddOn | undefined>;
}

/** `part`, typed by its key (an array of parts mixes keys). */
export const settingsPart = <K extends keyof PluginSettings>(part: SettingsPart<K>) => part as SettingsPart;

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

/**
 * What a function's handler is given (netlify/functions/*.mts; tests pass doubles): the configuration, the lead
 * store, the add-ons on for a configuration (compose's `addOnsFor`), the lead store's Blobs where lead events are
 * published, the mailer and the clock.
 */
export interface HandlerDeps {
  getConfig: () => ConfigResult;
  getStore: () => LeadStore;
  getAddOns: (config: ServerConfig) => Promise<readonly AddOn[]>;
  getLeadEvents: () => JsonBlobs;
  createMailer: (config: ServerConfig) => Mailer;
  now?: () => Date;
}

/** How a booking was matched to its lead: the sealed reference of the link offered, or only the booker's inbox. */
export type BookingMatch = "reference" | "email";

/**
 * A booking change in the core's event words: `booked` records `uid` (moving the booking it `replaces`, on a
 * reschedule), `booking-cancelled` removes it (docs/decisions/0032-bookings-by-uid.md).
 */
export type BookingChange =
  | { name: "booked"; uid: string; via: BookingMatch; startTime?: string; replaces?: string }
  | { name: "booking-cancelled"; uid: string };

/**
 * What a booking change did: `applied` with the lead's follow-up state and the announcement to start after the
 * answer (it never throws), or the refusal's `reason`, with `alert` when a person should look at it.
 */
export type BookingOutcome =
  | {
      applied: true;
      state: FollowUpView["state"];
      announce: (
        context: Pick<DeliveryContext, "config" | "mailer" | "retry" | "now"> &
          Pick<HandlerDeps, "getAddOns" | "getLeadEvents">,
      ) => Promise<void>;
    }
  | { applied: false; reason: string; alert: boolean };

/** The hook through which the booking service's changes reach the follow-up record (docs/decisions/0046-booking-through-the-core.md). */
export interface LeadBookings {
  /** The id of the lead that holds booking `uid`, or undefined; throws when the store does not answer. */
  find(uid: string): Promise<string | undefined>;
  /**
   * Applies `change` at `at` to the first of `leads` that takes it, in order; `byUid` when they were found by
   * `find` (or the change is a cancellation). `afterWrite` runs once the record is written, before the lead's
   * marker moves; the change's log line carries `logFields`. Throws DamagedRecordError (netlify/lib/kit/json-blobs.ts)
   * for a damaged record and whatever the store throws when down.
   */
  apply(
    leads: readonly LeadRecord[],
    change: BookingChange,
    context: { at: Date; byUid: boolean; afterWrite: () => Promise<void>; logFields: Record<string, string> },
  ): Promise<BookingOutcome>;
}

/** The booking hook of the first add-on with one, or undefined when no add-on on keeps follow-up. */
export function bookingsOf(addOns: readonly AddOn[]): LeadBookings | undefined {
  return addOns.find((addOn) => addOn.bookings)?.bookings;
}

/**
 * A lead's follow-up as other add-ons may read it (docs/decisions/0029-lead-follow-up.md): its state, its owner
 * (name and address only) and when it was claimed, contacted, booked and closed.
 */
export interface FollowUpView {
  state: "new" | "claimed" | "contacted" | "booked" | "closed";
  owner?: { name: string; email?: string };
  claimedAt?: string;
  contactedAt?: string;
  bookedAt?: string;
  closedAt?: string;
}

/**
 * Lead `leadId`'s follow-up from the first add-on that keeps it: undefined when none is on or its record is
 * unreadable, `new` for a lead nobody has touched. Throws when the store does not answer.
 */
export async function followUpViewOf(
  addOns: readonly AddOn[],
  leadId: string,
): Promise<FollowUpView | undefined> {
  const keeper = addOns.find((addOn) => addOn.followUpView);
  return keeper?.followUpView?.(leadId);
}
