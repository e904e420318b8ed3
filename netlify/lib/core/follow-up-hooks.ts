/**
 * What other add-ons may ask of the add-on that keeps follow-up, through the core (docs/decisions/0046-booking-through-the-core.md,
 * docs/decisions/0047-slack-plugin.md, docs/decisions/0048-summary-plugin.md): bookings, lead actions, a read-only view
 * and reader, and the figures' rules over a view.
 */
import type { AddOn, DeliveryContext, HandlerDeps } from "./add-on";
import type { ServerConfig } from "./config";
import type { Mailer } from "./delivery/mailer";
import type { LeadRecord } from "./leads/lead-record";
import type { LeadStore } from "./leads/lead-store";
import type { BusinessHours } from "../kit/business-hours";
import type { JsonBlobs } from "../kit/json-blobs";
import type { StaffMember } from "../kit/roster";

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
 * (name and address only), when it was claimed, contacted, booked and closed, and why it was closed (e.g. "spam").
 */
export interface FollowUpView {
  state: "new" | "claimed" | "contacted" | "booked" | "closed";
  owner?: { name: string; email?: string };
  claimedAt?: string;
  contactedAt?: string;
  bookedAt?: string;
  closedAt?: string;
  closedReason?: string;
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
 * view and its live bookings, each with how it was matched and when a person confirmed it.
 */
export interface FollowUpFacts extends FollowUpView {
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
