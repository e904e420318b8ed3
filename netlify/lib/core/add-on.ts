/**
 * The core's extension points (docs/decisions/0034-core-and-add-ons.md): an add-on is a plain object with a name
 * and optional hooks, called in netlify/lib/compose.ts's order; a plugin (./plugin.ts) loads it when on, and what
 * other add-ons may ask of follow-up is in ./follow-up-hooks.ts. No hook may throw for a single lead.
 */
import type { DemoRequest } from "../../../src/lib/demo-request";
import type { ConfigResult, ServerConfig } from "./config";
import type { Mailer, RetryOptions, SendResult } from "./delivery/mailer";
import type { AnswerFormat, BookingOffer } from "./demo-request/edge";
import type { ChannelName, Delivery, LeadAlert, LeadRecord } from "./leads/lead-record";
import type { ReminderKind } from "./leads/lead-events";
import type { LeadEventName, PublishedLeadEvent } from "./leads/lead-events";
import type { LeadStore } from "./leads/lead-store";
import type { SpamVerdict } from "./spam/spam";
import type { JsonBlobs } from "../kit/json-blobs";
import pTimeout from "p-timeout";
import { errorName, logError } from "../kit/log";
import type {
  FollowUpReader,
  FollowUpRunContext,
  FollowUpView,
  LeadActions,
  LeadBookings,
} from "./follow-up-hooks";

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

/** One send's outcome; `memo` replaces the delivery's (its channel's own facts about the lead, kept on the delivery). */
export type ChannelResult = (SendResult | { status: "skipped"; reason: string }) & {
  attempts: number;
  notice?: DeliveryNotice;
  memo?: Delivery["memo"];
};

export interface DeliveryChannel {
  readonly name: ChannelName;
  /**
   * Sent again when an attempt's outcome was never recorded, with its delivery marked `inDoubt` (a repeat costs the
   * team a duplicate at worst, or the channel finds its earlier attempt); else that delivery is `unconfirmed`.
   */
  readonly resendInDoubt?: boolean;
  /** How long after the lead's promise starts its delivery may stay pending before it is failed; a day when absent. */
  readonly giveUpAfterMs?: number;
  plan(lead: LeadRecord, context: DeliveryContext): "send" | "wait" | { skip: string };
  send(lead: LeadRecord, context: DeliveryContext): Promise<ChannelResult>;
  /**
   * For a partner that takes many records per request (docs/decisions/0043-plugins.md): the retry job sends a
   * channel's due backlog `size` leads per call, each lead's result under its id (one missing counts as
   * retryable; a throw, as retryable for all). A request still sends its own lead with `send`. Beside lane only.
   */
  batch?: {
    size: number;
    send(leads: readonly LeadRecord[], context: DeliveryContext): Promise<ReadonlyMap<string, ChannelResult>>;
  };
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
  /**
   * Lead lines: short facts the add-on knows about `lead` (its booking, a colleague's earlier request), in our words,
   * which the sales e-mail and other surfaces show so that none imports the add-on. Each surface escapes them; one
   * slower than LEAD_LINES_MS or failing is left out. `zone` is the team's (`timeZoneOf`, else UTC).
   */
  leadLines?: (lead: LeadRecord, context: LeadLinesContext) => Promise<readonly string[]>;
  /**
   * The leads related to `lead` (the same inbox, the same company) for the claim page, with who works the company
   * (docs/decisions/0050-company-match.md): names, states and owners only, never another lead's id, address or
   * link; undefined when the add-on knows none. The first add-on's wins (see `relatedLeadsOf`).
   */
  relatedLeads?: (lead: LeadRecord, context: LeadLinesContext) => Promise<RelatedLeads | undefined>;
  /**
   * The company of each of `leads` whose address has one, and whether that company asked before `context.since`
   * (an ISO instant) in a request neither held nor closed as spam (docs/decisions/0050-company-match.md), for the
   * weekly summary's and the report's company figures. Reads a bounded few records per company, never every lead;
   * a lead of no company is absent. Rejects when the store cannot be read; the first add-on's wins.
   */
  leadCompanies?: (
    leads: readonly LeadRecord[],
    context: LeadLinesContext & { since: string },
  ) => Promise<ReadonlyMap<string, LeadCompany>>;
  /**
   * Keys (from netlify/lib/kit/storage.ts) written `{ since }` with a new lead, before it, so the add-on's own job
   * finds it; a held lead gets them too, so its writes tell nothing.
   */
  leadMarkers?: (lead: LeadRecord) => readonly string[];
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
  /** Tells the team's channel `notice`, with its own retries; resolves the outcome and never throws. */
  postNotice?: (
    notice: TeamNotice,
    context: Pick<DeliveryContext, "config" | "retry" | "now">,
  ) => Promise<SendResult>;
  /**
   * Tells the team's channel about `lead`: a failed or overdue delivery (the core), or a reminder (follow-up) with
   * the lead's `owner` and `claimUrl`. Never throws; the first add-on's wins.
   */
  postAlert?: (
    lead: LeadRecord,
    alert: TeamAlert,
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
      context: Pick<DeliveryContext, "config" | "retry" | "now" | "addOns">,
    ): Promise<SendResult & { attempts?: number }>;
  };
  /**
   * The lead bookings the booking service reports, applied by the add-on that keeps follow-up
   * (docs/decisions/0046-booking-through-the-core.md); the first add-on's wins.
   */
  bookings?: LeadBookings;
  /** Lead `leadId`'s follow-up state and owner, read-only; the first add-on's wins (see `followUpViewOf`). */
  followUpView?: (leadId: string) => Promise<FollowUpView | undefined>;
  /**
   * A claim or "contacted" asked for outside the claim page (Slack's buttons), applied by the add-on that keeps
   * follow-up (docs/decisions/0047-slack-plugin.md); the first add-on's wins.
   */
  leadActions?: LeadActions;
  /** Every lead's follow-up as the report and the weekly summary count it, read-only; the first add-on's wins. */
  followUpReader?: (config: ServerConfig) => FollowUpReader;
  /**
   * A run of the scheduled follow-up function after follow-up's own check (the weekly summary,
   * docs/decisions/0048-summary-plugin.md): resolves its outcome, answered under `name`; never throws.
   */
  followUpRun?: { readonly name: string; run(context: FollowUpRunContext): Promise<string> };
}

/** An alert about one lead for the team's channel; `detail` is our words, never visitor text. */
export interface TeamAlert {
  reason: LeadAlert["reason"] | Exclude<ReminderKind, "digest">;
  detail: string;
  owner?: string;
  claimUrl?: string;
}

/**
 * A message for the team's channel about no one lead, in its sender's words and without visitor text: `id` (a
 * receiver drops repeats), `type` and `data` for a machine receiver, and for people a `title`, a one-line
 * `fallback`, labelled `lines` and a `closing` line.
 */
export interface TeamNotice {
  id: string;
  type: string;
  data: unknown;
  title: string;
  fallback: string;
  lines: readonly [label: string, value: string][];
  closing: string;
}

/** Posts `notice` through the first add-on that posts notices; undefined when none does. Never throws. */
export const postNoticeOf = (
  addOns: readonly AddOn[],
  notice: TeamNotice,
  context: Pick<DeliveryContext, "config" | "retry" | "now">,
) => addOns.find((addOn) => addOn.postNotice)?.postNotice?.(notice, context);

/** Posts `alert` about `lead` through the first add-on that posts alerts; undefined when none does. */
export const postAlertOf = (
  addOns: readonly AddOn[],
  lead: LeadRecord,
  alert: TeamAlert,
  context: Pick<DeliveryContext, "config" | "retry" | "now">,
) => addOns.find((addOn) => addOn.postAlert)?.postAlert?.(lead, alert, context);

/** What an add-on's lead lines are given: the configuration, the clock, the add-ons on and the team's zone. */
export type LeadLinesContext = Pick<DeliveryContext, "config" | "now" | "addOns"> & { zone: string };

/** A lead's company (its registrable e-mail domain) and whether it asked before (`leadCompanies`). */
export interface LeadCompany {
  company: string;
  returning: boolean;
}

/**
 * The companies of `leads` from the first add-on that knows them (docs/decisions/0050-company-match.md); undefined
 * when none is on. Rejects when that add-on cannot read the store.
 */
export function leadCompaniesOf(
  addOns: readonly AddOn[],
  leads: readonly LeadRecord[],
  context: Pick<DeliveryContext, "config" | "now"> & { since: string },
): Promise<ReadonlyMap<string, LeadCompany>> | undefined {
  const keeper = addOns.find((addOn) => addOn.leadCompanies);
  const zone = timeZoneOf(addOns, context.config) ?? "UTC";
  return keeper?.leadCompanies?.(leads, { ...context, addOns, zone });
}

/** How long a surface waits for one add-on's lead lines: the sales e-mail waits for them before it is sent. */
export const LEAD_LINES_MS = 1_000;

/** Every add-on's lead lines about `lead`, in add-on order; a slow or failing add-on's are left out and logged. */
export async function leadLinesOf(
  addOns: readonly AddOn[],
  lead: LeadRecord,
  context: Pick<DeliveryContext, "config" | "now">,
): Promise<string[]> {
  const full = { ...context, addOns, zone: timeZoneOf(addOns, context.config) ?? "UTC" };
  const each = addOns.map(async (addOn) => {
    if (!addOn.leadLines) return [];
    try {
      return await pTimeout(addOn.leadLines(lead, full), { milliseconds: LEAD_LINES_MS });
    } catch (error) {
      logError("lead lines left out", { requestId: lead.id, addOn: addOn.name, reason: errorName(error) });
      return [];
    }
  });
  return (await Promise.all(each)).flat();
}

/**
 * One related lead as the claim page names it (docs/decisions/0050-company-match.md): the visitor's name (one line,
 * cut short, escaped by the page), when it arrived, its state in words ("closed: demo held"), its owner's name.
 */
export interface RelatedLead {
  name: string;
  receivedAt: string;
  state: string;
  owner?: string;
  /** Same inbox (the same person), or only the same company. */
  via: "inbox" | "company";
}

/**
 * A lead's related leads (docs/decisions/0050-company-match.md): the lead lines, the leads read newest first, how
 * many more were not read, and who works the company (the owner of its most recent claimed open lead, as recorded).
 */
export interface RelatedLeads {
  lines: readonly string[];
  leads: readonly RelatedLead[];
  more: number;
  worksIt?: { name: string; email?: string };
}

/**
 * The related leads of `lead` from the first add-on that names them, within LEAD_LINES_MS; undefined when none
 * does, or when it fails or is slower (logged). Never throws.
 */
export async function relatedLeadsOf(
  addOns: readonly AddOn[],
  lead: LeadRecord,
  context: Pick<DeliveryContext, "config" | "now">,
): Promise<RelatedLeads | undefined> {
  const addOn = addOns.find((each) => each.relatedLeads);
  if (!addOn?.relatedLeads) return undefined;
  const full = { ...context, addOns, zone: timeZoneOf(addOns, context.config) ?? "UTC" };
  try {
    return await pTimeout(addOn.relatedLeads(lead, full), { milliseconds: LEAD_LINES_MS });
  } catch (error) {
    logError("related leads left out", { requestId: lead.id, addOn: addOn.name, reason: errorName(error) });
    return undefined;
  }
}

/** The marker keys every add-on writes with `lead`. */
export const leadMarkersOf = (addOns: readonly AddOn[], lead: LeadRecord): string[] =>
  addOns.flatMap((addOn) => addOn.leadMarkers?.(lead) ?? []);

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
