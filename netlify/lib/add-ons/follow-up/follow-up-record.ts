/**
 * A lead's follow-up record, visible only to sales (docs/decisions/0029-lead-follow-up.md): `new` -> `claimed`
 * -> `contacted`; `booked` while a confirmed booking is live; `closed`, until reopened
 * (docs/decisions/0041-reopening-a-lead.md). Every change adds a history line.
 */
import { z } from "zod";
import { REMINDER_KINDS, type ReminderKind } from "../../core/leads/lead-events";
import { isConfirmedBooking } from "../../core/follow-up-hooks";

import type { StaffMember } from "../../kit/roster";

export type { ReminderKind, StaffMember };

const FOLLOW_UP_STATES = ["new", "claimed", "contacted", "booked", "closed"] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

export const CLOSE_REASONS = ["demo held", "pilot agreed", "not a fit", "duplicate", "spam"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
export const WENT_WELL: readonly CloseReason[] = ["demo held", "pilot agreed"];

const at = z.string();
const remindersSchema = z
  .object({ nudge: at, escalation: at, "promise-at-risk": at, digest: at } satisfies Record<
    ReminderKind,
    typeof at
  >)
  .partial();

/** A live booking of the lead (docs/decisions/0032-bookings-by-uid.md). */
const bookingSchema = z.object({
  uid: z.string(),
  startTime: z.string().optional(),
  via: z.enum(["reference", "email"]),
  confirmedAt: z.string().optional(),
});
export type LeadBooking = z.infer<typeof bookingSchema>;

export const INBOX_ONLY_LABEL = "matched by e-mail address only, not confirmed";

/** Unconfirmed bookings kept per lead; a further booking matched by inbox is logged, not applied. */
const MAX_LIVE_BOOKINGS = 5;

const byName = z.string().optional();
const slot = { at, startTime: z.string().optional() };
/** One line of a lead's history; `by` is a team member's name (on the claim page the owner's). */
const historyEntrySchema = z.discriminatedUnion("kind", [
  z.object({ at, kind: z.literal("claimed"), by: z.string() }),
  z.object({ at, kind: z.literal("handed-over"), from: z.string(), to: z.string() }),
  z.object({ at, kind: z.literal("contacted"), by: byName }),
  z.object({ at, kind: z.literal("closed"), reason: z.enum(CLOSE_REASONS), by: byName }),
  z.object({ at, kind: z.literal("reopened"), by: z.string() }),
  z.object({ ...slot, kind: z.enum(["booked", "booking-moved"]), confirmed: z.boolean() }),
  z.object({ ...slot, kind: z.literal("booking-cancelled") }),
  z.object({ ...slot, kind: z.literal("booking-confirmed"), by: byName }),
]);
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Lines kept per lead; a reschedule loop cannot grow a record without end. */
export const MAX_HISTORY = 50;

const staffMemberSchema = z.object({
  name: z.string(),
  email: z.string().optional(),
  slackUserId: z.string().optional(),
}) satisfies z.ZodType<StaffMember>;

/** The stored follow-up record; every record written so far parses (tests/unit/add-ons/follow-up/follow-up-store.test.ts). */
export const followUpSchema = z.object({
  state: z.enum(FOLLOW_UP_STATES),
  owner: staffMemberSchema.optional(),
  claimedAt: z.string().optional(),
  contactedAt: z.string().optional(),
  bookedAt: z.string().optional(),
  closedAt: z.string().optional(),
  closedReason: z.enum(CLOSE_REASONS).optional(),
  reminders: remindersSchema.optional(),
  bookings: z.array(bookingSchema).optional(),
  /** The one booking a record written before `bookings` holds. */
  booking: bookingSchema.optional(),
  beforeBooking: z.enum(["new", "claimed", "contacted"]).optional(),
  clockFrom: z.string().optional(),
  /** Absent on records written before it was kept. */
  history: z.array(historyEntrySchema).optional(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

export const NEW_FOLLOW_UP: FollowUp = Object.freeze({ state: "new" });

export type FollowUpAction =
  | { kind: "claim"; owner: StaffMember }
  | { kind: "hand-over"; to: StaffMember }
  | { kind: "contacted"; by?: string }
  | { kind: "booked"; booking: LeadBooking; replaces?: string }
  | { kind: "booking-cancelled"; uid: string }
  | { kind: "confirm-booking"; uid: string }
  | { kind: "close"; reason: CloseReason }
  | { kind: "reopen"; by: StaffMember };

export type ActionResult = { ok: true; followUp: FollowUp } | { ok: false; reason: string };

type Change = { ok: true; followUp: FollowUp; entry: HistoryEntry } | { ok: false; reason: string };
const done = (followUp: FollowUp, entry: HistoryEntry): Change => ({ ok: true, followUp, entry });
const refused = (reason: string) => ({ ok: false as const, reason });
const by = (name: string | undefined) => (name ? { by: name } : {});
const slotOf = (startTime: string | undefined) => (startTime ? { startTime } : {});

/** Applies `action` at `at` with a history line; the first claim wins, a closed lead only reopens. Never throws. */
export function applyAction(followUp: FollowUp, action: FollowUpAction, at: Date): ActionResult {
  const result = change(followUp, action, at.toISOString());
  if (!result.ok) return result;
  const history = capped([...recordedHistory(followUp), result.entry]);
  return { ok: true, followUp: { ...result.followUp, history } };
}

/** At most MAX_HISTORY entries, bookings dropped first: anyone can book; what the team did stays. */
function capped(history: HistoryEntry[]): HistoryEntry[] {
  let excess = history.length - MAX_HISTORY;
  const isBooking = (entry: HistoryEntry) => entry.kind.startsWith("book");
  const kept = history.filter((entry) => excess <= 0 || !isBooking(entry) || excess-- <= 0);
  return kept.slice(-MAX_HISTORY);
}

/** True when `a` and `b` are one person: the same address when both have one, else the same name. */
export function samePerson(a: StaffMember, b: StaffMember): boolean {
  return a.email && b.email ? a.email.toLowerCase() === b.email.toLowerCase() : a.name === b.name;
}

function change(followUp: FollowUp, action: FollowUpAction, at: string): Change {
  if (action.kind === "reopen") {
    return followUp.state === "closed"
      ? done(reopened(followUp, at), { at, kind: "reopened", by: action.by.name })
      : refused("This lead is not closed.");
  }
  if (followUp.state === "closed") {
    return refused(`This lead is closed (${followUp.closedReason ?? "no reason"}).`);
  }
  const owner = followUp.owner?.name;
  switch (action.kind) {
    case "claim": {
      const entry: HistoryEntry = { at, kind: "claimed", by: action.owner.name };
      // A lead booked before anyone claimed it can still be given an owner; it stays booked.
      if (followUp.state === "booked" && !followUp.owner) {
        const beforeBooking = followUp.beforeBooking === "new" ? "claimed" : followUp.beforeBooking;
        return done({ ...followUp, owner: action.owner, claimedAt: at, beforeBooking }, entry);
      }
      if (followUp.state !== "new") {
        return refused(
          followUp.owner
            ? `This lead is already claimed by ${followUp.owner.name}.`
            : `This lead is already ${followUp.state}.`,
        );
      }
      return done({ ...followUp, state: "claimed", owner: action.owner, claimedAt: at }, entry);
    }
    case "hand-over":
      if (!followUp.owner || followUp.state === "new") {
        return refused("Claim this lead before handing it over.");
      }
      if (samePerson(followUp.owner, action.to)) {
        return refused(`This lead is already held by ${followUp.owner.name}.`);
      }
      return done(
        { ...followUp, owner: action.to },
        { at, kind: "handed-over", from: followUp.owner.name, to: action.to.name },
      );
    case "contacted":
      if (followUp.state === "new") return refused("Claim this lead before marking it contacted.");
      if (followUp.state !== "claimed") return refused(`This lead is already ${followUp.state}.`);
      return done(
        { ...followUp, state: "contacted", contactedAt: at },
        { at, kind: "contacted", ...by(action.by ?? owner) },
      );
    case "booked": {
      const bookings = liveBookings(followUp);
      const { booking, replaces } = action;
      const same = bookings.findIndex((b) => b.uid === booking.uid);
      if (same >= 0 && bookings[same].startTime === booking.startTime) {
        return refused("This booking is already recorded.");
      }
      // A reschedule keeps how the booking was matched and its confirmation.
      const moved = same >= 0 ? same : bookings.findIndex((b) => b.uid === replaces);
      if (moved >= 0) {
        const was = bookings[moved];
        const next = {
          ...was,
          uid: booking.uid,
          ...(booking.startTime ? { startTime: booking.startTime } : {}),
        };
        const rescheduled = bookings.map((b, i) => (i === moved ? next : b));
        return done(withBookings(followUp, rescheduled, at), {
          at,
          kind: "booking-moved",
          ...slotOf(booking.startTime ?? was.startTime),
          confirmed: isConfirmedBooking(booking) || isConfirmedBooking(was),
        });
      }
      // Only unconfirmed bookings are capped: strangers' bookings never crowd out a referenced one.
      const unconfirmed = bookings.filter((b) => !isConfirmedBooking(b)).length;
      if (!isConfirmedBooking(booking) && unconfirmed >= MAX_LIVE_BOOKINGS) {
        return refused(`This lead has ${MAX_LIVE_BOOKINGS} unconfirmed bookings already.`);
      }
      return done(withBookings(followUp, [...bookings, booking], at), {
        at,
        kind: "booked",
        ...slotOf(booking.startTime),
        confirmed: isConfirmedBooking(booking),
      });
    }
    case "booking-cancelled":
    case "confirm-booking": {
      const bookings = liveBookings(followUp);
      const found = bookings.find((b) => b.uid === action.uid);
      if (!found) return refused("No booking with that id is recorded for this lead.");
      const slot = slotOf(found.startTime);
      if (action.kind === "booking-cancelled") {
        const left = bookings.filter((b) => b !== found);
        return done(withBookings(followUp, left, at), { at, kind: "booking-cancelled", ...slot });
      }
      if (isConfirmedBooking(found)) return refused("This booking is already confirmed.");
      const confirmed = bookings.map((b) => (b === found ? { ...b, confirmedAt: at } : b));
      return done(withBookings(followUp, confirmed, at), {
        at,
        kind: "booking-confirmed",
        ...slot,
        ...by(owner),
      });
    }
    case "close":
      return done(
        { ...followUp, state: "closed", closedAt: at, closedReason: action.reason },
        { at, kind: "closed", reason: action.reason, ...by(owner) },
      );
  }
}

/**
 * A closed lead back in the state its record tells (docs/decisions/0041-reopening-a-lead.md): `booked` while a
 * confirmed booking is live, else `contacted`, `claimed` or `new`; the close's time and reason gone, so neither
 * the promise nor the first touch counts it, and the nudge and escalation clock restarted at `at`.
 */
function reopened(followUp: FollowUp, at: string): FollowUp {
  const { closedAt: _closedAt, closedReason: _closedReason, ...open } = followUp;
  const state: FollowUpState = liveBookings(open).some(isConfirmedBooking)
    ? "booked"
    : open.contactedAt
      ? "contacted"
      : open.owner
        ? "claimed"
        : "new";
  return { ...open, state, clockFrom: at };
}

/** The recorded history, or for a record written before it was kept, what its times tell. */
function recordedHistory(followUp: FollowUp): HistoryEntry[] {
  if (followUp.history) return followUp.history;
  const told: HistoryEntry[] = [];
  const { owner, claimedAt, contactedAt, bookedAt, closedAt, closedReason } = followUp;
  if (claimedAt && owner) told.push({ at: claimedAt, kind: "claimed", by: owner.name });
  if (contactedAt) told.push({ at: contactedAt, kind: "contacted" });
  if (bookedAt) {
    const startTime = liveBookings(followUp).find(isConfirmedBooking)?.startTime;
    told.push({ at: bookedAt, kind: "booked", ...slotOf(startTime), confirmed: true });
  }
  if (closedAt && closedReason) told.push({ at: closedAt, kind: "closed", reason: closedReason });
  return told.sort((a, b) => a.at.localeCompare(b.at));
}

export type TimelineEntry = HistoryEntry | { at: string; kind: "reminder"; reminder: ReminderKind };

/** Everything that happened to the lead after its arrival, oldest first. */
export function timelineOf(followUp: FollowUp): TimelineEntry[] {
  const reminders = Object.entries(followUp.reminders ?? {}).flatMap(([reminder, at]) =>
    at && (REMINDER_KINDS as readonly string[]).includes(reminder)
      ? [{ at, kind: "reminder" as const, reminder: reminder as ReminderKind }]
      : [],
  );
  return [...recordedHistory(followUp), ...reminders].sort((a, b) => a.at.localeCompare(b.at));
}

/** The lead's live bookings, oldest first; an old single `booking` counts as confirmed. */
export function liveBookings(followUp: FollowUp): LeadBooking[] {
  if (followUp.bookings) return followUp.bookings;
  const single = followUp.booking;
  if (!single) return [];
  return single.via === "email" && followUp.state === "booked" && followUp.bookedAt
    ? [{ ...single, confirmedAt: single.confirmedAt ?? followUp.bookedAt }]
    : [single];
}

/** `followUp` with `bookings`; when the last confirmed one goes, back to the state before it, clocks restarted. */
function withBookings(followUp: FollowUp, bookings: LeadBooking[], when: string): FollowUp {
  const { booking: _single, bookings: _live, ...rest } = followUp;
  const next: FollowUp = bookings.length > 0 ? { ...rest, bookings } : rest;
  const confirmed = bookings.some(isConfirmedBooking);
  if (confirmed && followUp.state !== "booked") {
    const before = followUp.state as Exclude<FollowUpState, "booked" | "closed">;
    return { ...next, state: "booked", bookedAt: when, beforeBooking: before };
  }
  if (!confirmed && followUp.state === "booked") {
    const { bookedAt: _bookedAt, beforeBooking, ...back } = next;
    const reminders = { ...back.reminders };
    delete reminders.nudge;
    delete reminders.escalation;
    return { ...back, state: beforeBooking ?? "new", clockFrom: when, reminders };
  }
  return next;
}
