/**
 * The core's extension points (docs/decisions/0034-core-and-add-ons.md): an add-on is a plain object with a name
 * and optional hooks, called in netlify/lib/compose.ts's order. No hook may throw for a single lead.
 */
import type { DemoRequest } from "../../../src/lib/demo-request";
import type { ConfigResult, PluginSettings, ServerConfig } from "./config";
import type { Mailer, RetryOptions, SendResult } from "./delivery/mailer";
import type { AnswerFormat, BookingOffer } from "./demo-request/edge";
import type { ChannelName, LeadAlert, LeadRecord } from "./leads/lead-record";
import type { ReminderKind } from "./leads/lead-events";
import type { LeadEventName, PublishedLeadEvent } from "./leads/lead-events";
import type { LeadStore } from "./leads/lead-store";
import type { SpamVerdict } from "./spam/spam";
import type { BusinessHours } from "../kit/business-hours";
import type { JsonBlobs } from "../kit/json-blobs";
import pTimeout from "p-timeout";
import { errorName, logError } from "../kit/log";
import type { StaffMember } from "../kit/roster";
import type { Env, Setting } from "../kit/settings";
import type { StorageName } from "../kit/storage";

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
   * slower than LEAD_LINES_MS or failing is left out.
   */
  leadLines?: (
    lead: LeadRecord,
    context: Pick<DeliveryContext, "config" | "now">,
  ) => Promise<readonly string[]>;
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

/**
 * One part of a plugin's settings: its name in the report, its variables, and its reader, which needs only `env` and
 * the values of the parts read before it (PLUGINS' order) that are on.
 */
export interface SettingsPart<K extends keyof PluginSettings = keyof PluginSettings> {
  /** Where the value goes in `ServerConfig` while on. */
  key: K;
  name: string;
  variables: readonly string[];
  /**
   * May throw: the composition's guard turns the part off and names its variables. `on` lets a part that needs
   * another plugin's be off without it (docs/decisions/0047-slack-plugin.md); most ignore it.
   */
  read: (env: Env, on: Partial<PluginSettings>) => Setting<NonNullable<PluginSettings[K]>>;
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
  /** Its stored data's part in retention, erasure and export; called whether it is on or off. */
  readonly privacy?: PrivacyHooks;
}

/** What a prune reaches: the lead store, the limits store, every stored lead's id (listed anew on each call), now. */
export interface PruneTargets {
  leads: JsonBlobs;
  limits: JsonBlobs;
  leadIds: () => Promise<ReadonlySet<string>>;
  now: Date;
}

/** One prune of the retention run: what it deletes (named in the log), the entries it covers, and how many keys went. */
export interface Prune {
  what: string;
  covers: readonly StorageName[];
  run: (targets: PruneTargets) => Promise<number>;
}

/**
 * What a plugin's export columns read for one lead besides its record: each plugin declares its own optional field
 * (as `PluginSettings`), filled by its `read` or by a job that holds it already.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each plugin's declaration
export interface LeadExportRow {}

/** One column of the leads export: its header and a lead's cell, from its record and its row. */
export type LeadColumn = readonly [name: string, cell: (lead: LeadRecord, row: LeadExportRow) => unknown];

/** A plugin's part of the leads export: its columns, and what they read beside each lead's record. */
export interface LeadExport {
  readonly columns: readonly LeadColumn[];
  /**
   * Each of `leads`' row fields, read from the lead store's `blobs` with the plugin's `settings`; rejects when
   * the store cannot be read (the export then fails rather than show a blank).
   */
  read?: (
    leads: readonly LeadRecord[],
    blobs: JsonBlobs,
    settings: Partial<PluginSettings>,
  ) => Promise<ReadonlyMap<string, LeadExportRow>>;
}

/**
 * A plugin's part in retention, erasure and export (docs/decisions/0045-privacy-hooks.md). On the plugin, not its
 * add-on: stored data outlives a setting, so these run whether it is on or off; each imports its code when called.
 */
export interface PrivacyHooks {
  /** The retention run's prunes of its stored entries. */
  prunes?: () => Promise<readonly Prune[]>;
  /** Deletes what of lead `id` only its own records lead to; runs before the lead's keys go. May throw. */
  eraseLead?: (blobs: JsonBlobs, id: string) => Promise<void>;
  /** Its columns of the leads export, placed after the core's in PLUGINS' order. */
  leadExport?: () => Promise<LeadExport>;
}

/** `part`, typed by its key (an array of parts mixes keys). */
export const settingsPart = <K extends keyof PluginSettings>(part: SettingsPart<K>) => part as SettingsPart;

/** How long a surface waits for one add-on's lead lines: the sales e-mail waits for them before it is sent. */
export const LEAD_LINES_MS = 1_000;

/** Every add-on's lead lines about `lead`, in add-on order; a slow or failing add-on's are left out and logged. */
export async function leadLinesOf(
  addOns: readonly AddOn[],
  lead: LeadRecord,
  context: Pick<DeliveryContext, "config" | "now">,
): Promise<string[]> {
  const each = addOns.map(async (addOn) => {
    if (!addOn.leadLines) return [];
    try {
      return await pTimeout(addOn.leadLines(lead, context), { milliseconds: LEAD_LINES_MS });
    } catch (error) {
      logError("lead lines left out", { requestId: lead.id, addOn: addOn.name, reason: errorName(error) });
      return [];
    }
  });
  return (await Promise.all(each)).flat();
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

/** How a booking was matched to its lead: the sealed reference of the link offered, or only the booker's inbox. */
export type BookingMatch = "reference" | "email";

/**
 * A booking change in the core's event words: `booked` records `uid` (moving the booking it `replaces`, on a
 * reschedule), `booking-cancelled` removes it (docs/decisions/0032-bookings-by-uid.md).
 */
export type BookingChange =
  | { name: "booked"; uid: string; via: BookingMatch; startTime?: string; replaces?: string }
  | { name: "booking-cancelled"; uid: string };

/** What announcing a follow-up change needs: the lead event is published, the notice e-mail sent. */
export type AnnounceContext = Pick<DeliveryContext, "config" | "mailer" | "retry" | "now"> &
  Pick<HandlerDeps, "getAddOns" | "getLeadEvents">;

/**
 * What a booking change did: `applied` with the lead's follow-up state and the announcement to start after the
 * answer (it never throws), or the refusal's `reason`, with `alert` when a person should look at it.
 */
export type BookingOutcome =
  | { applied: true; state: FollowUpView["state"]; announce: (context: AnnounceContext) => Promise<void> }
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

/** A follow-up change asked for by a person outside the claim page: claim the lead, or mark it contacted. */
export type LeadAction = "claim" | "contacted";

/**
 * What a lead action did: `applied` with the lead's follow-up now, the change's line (e.g. "Claimed by Ana Smith,
 * 4 min after arrival") and the announcement to start when the person's own view cannot show it (it never throws);
 * or the refusal's `reason`, in words for the person (e.g. "This lead is already claimed by Ana.").
 */
export type LeadActionOutcome =
  | { applied: true; view: FollowUpView; line: string; announce: (context: AnnounceContext) => Promise<void> }
  | { applied: false; reason: string };

/** The hook through which a claim or "contacted" from outside the claim page reaches the follow-up record. */
export interface LeadActions {
  /**
   * Applies `action` at `at` by `by` to `lead`'s record ("contacted" claims an unclaimed lead for `by` first), moves
   * its marker and logs `logged` with the lead's id and the state reached. Idempotent: a repeat is refused. Throws
   * DamagedRecordError (netlify/lib/kit/json-blobs.ts) for a damaged record and whatever the store throws when down.
   */
  apply(
    lead: LeadRecord,
    action: LeadAction,
    context: { at: Date; by: StaffMember; logged: string },
  ): Promise<LeadActionOutcome>;
}

/** The lead actions hook of the first add-on with one, or undefined when no add-on on keeps follow-up. */
export function leadActionsOf(addOns: readonly AddOn[]): LeadActions | undefined {
  return addOns.find((addOn) => addOn.leadActions)?.leadActions;
}

/**
 * What the report and the weekly summary count of a lead's follow-up (docs/decisions/0048-summary-plugin.md): its
 * view, why it was closed, and its live bookings, each with how it was matched and when a person confirmed it.
 */
export interface FollowUpFacts extends FollowUpView {
  closedReason?: string;
  bookings?: readonly { via: BookingMatch; confirmedAt?: string }[];
}

/**
 * Follow-up read for many leads at once, never written through: which leads it tracks, each one's facts, the
 * claim and release links of a lead and the team's business hours.
 */
export interface FollowUpReader {
  /** The ids of the leads follow-up keeps a record or marker of. Throws when the store does not answer. */
  tracked(): Promise<ReadonlySet<string>>;
  /** Lead `leadId`'s facts, `new` when untouched. Throws DamagedRecordError for a damaged record, else when down. */
  get(leadId: string): Promise<FollowUpFacts>;
  /** Lead `id`'s claim link issued at `now`; undefined without the site's URL. */
  claimUrl(id: string, now: Date): string | undefined;
  /** Lead `id`'s release link while held as spam; undefined without the site's URL. */
  releaseUrl(id: string): string | undefined;
  /** The team's business hours, when set: times to claim count only them. */
  hours?: BusinessHours;
}

/** The follow-up reader of the first add-on with one for `config`, or undefined when none keeps follow-up. */
export function followUpReaderOf(addOns: readonly AddOn[], config: ServerConfig): FollowUpReader | undefined {
  return addOns.find((addOn) => addOn.followUpReader)?.followUpReader?.(config);
}

/**
 * What the scheduled follow-up function gives a run after its own check: the configuration, the lead store and its
 * Blobs, the add-ons on, follow-up's reader, the mailer, the leads export of some leads as CSV (every plugin's
 * columns; rejects when it cannot be read) and the clock.
 */
export interface FollowUpRunContext {
  config: ServerConfig;
  leads: Pick<LeadStore, "ids" | "get">;
  blobs: JsonBlobs;
  addOns: readonly AddOn[];
  reader: FollowUpReader;
  mailer: Mailer;
  leadsCsv: (records: readonly LeadRecord[]) => Promise<string>;
  now?: () => Date;
}

/** When someone first took the lead in hand (claim, or close without one); undefined while nobody has. */
export function firstTouchAt(followUp: FollowUpView): string | undefined {
  return followUp.claimedAt ?? followUp.closedAt ?? followUp.contactedAt ?? followUp.bookedAt;
}

/** When the 24-hour promise was kept: the lead contacted, booked or closed, whichever came first. */
export function keptAt(followUp: FollowUpView): string | undefined {
  return [followUp.contactedAt, followUp.bookedAt, followUp.closedAt]
    .filter((t) => t !== undefined)
    .sort()[0];
}

/** True while nobody has contacted, booked or closed the lead. */
export function awaitsContact(followUp: Pick<FollowUpView, "state">): boolean {
  return followUp.state === "new" || followUp.state === "claimed";
}

/**
 * A booking made through the sealed link or confirmed by a person: Cal.com does not verify a booker's address
 * (docs/decisions/0032-bookings-by-uid.md).
 */
export function isConfirmedBooking(booking: { via: BookingMatch; confirmedAt?: string }): boolean {
  return booking.via === "reference" || booking.confirmedAt !== undefined;
}
