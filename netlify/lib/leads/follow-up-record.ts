/**
 * A lead's follow-up record (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md):
 * who holds the lead and how far the team got with it, kept beside the lead's delivery state and
 * visible only to the sales team. The spec has no business states; these are ours. Plain data and
 * pure functions; the store is netlify/lib/leads/follow-up-store.ts.
 *
 * `new` -> `claimed` (owner, claimedAt) -> `contacted` (contactedAt); `booked` (bookedAt) once a
 * demo is booked; `closed` (closedAt, closedReason) from any state but `closed`. Times are ISO
 * 8601 UTC strings.
 */
import type { StaffMember } from "../sales-team";

export const FOLLOW_UP_STATES = ["new", "claimed", "contacted", "booked", "closed"] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

/** Why a lead was closed without a demo. */
export const CLOSE_REASONS = ["not a fit", "duplicate", "spam"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** The reminders the follow-up job sends (netlify/lib/follow-up/reminders.ts), each once. */
export const REMINDER_KINDS = ["nudge", "escalation", "promise-at-risk", "digest"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The booking that made a lead `booked` (docs/decisions/0030-slack-and-booking-loop.md). */
export interface LeadBooking {
  /** The booking service's id for it (Cal.com's `uid`). */
  uid: string;
  /** When the demo is, ISO 8601 UTC, as the booking service gave it. */
  startTime?: string;
  /** How it was matched: the link's reference (booked in the same visit), or the prospect's e-mail. */
  via: "reference" | "email";
}

export interface FollowUp {
  state: FollowUpState;
  owner?: StaffMember;
  claimedAt?: string;
  contactedAt?: string;
  bookedAt?: string;
  closedAt?: string;
  closedReason?: CloseReason;
  /** When each reminder was recorded (it is recorded before it goes out, so it is sent once). */
  reminders?: Partial<Record<ReminderKind, string>>;
  booking?: LeadBooking;
  /** The state a booking replaced, restored when the booking is cancelled. */
  beforeBooking?: Exclude<FollowUpState, "booked" | "closed">;
  /** When the nudge and escalation clocks start, when not at arrival: a cancelled booking's cancellation. */
  clockFrom?: string;
}

/** The record of a lead nobody has touched; a lead with no stored record is in this state. */
export const NEW_FOLLOW_UP: FollowUp = Object.freeze({ state: "new" });

/** What a person can do from the claim page. */
export type FollowUpAction =
  | { kind: "claim"; owner: StaffMember }
  | { kind: "contacted" }
  | { kind: "booked"; booking: LeadBooking; replaces?: string }
  | { kind: "booking-cancelled"; uid: string }
  | { kind: "close"; reason: CloseReason };

/** The outcome of an action: the changed record, or why it changes nothing (our words, shown on the page). */
export type ActionResult = { ok: true; followUp: FollowUp } | { ok: false; reason: string };

/** True while the 24-hour promise is still open: nobody has contacted, booked or closed the lead. */
export function awaitsContact(followUp: FollowUp): boolean {
  return followUp.state === "new" || followUp.state === "claimed";
}

function held(followUp: FollowUp): string {
  return followUp.owner ? ` by ${followUp.owner.name}` : "";
}

/**
 * Applies `action` at `at`. A claim succeeds only on a `new` lead (the first claim wins; a later
 * one learns who holds it); `contacted` needs a claimed lead; `booked` and `close` apply to any
 * lead not closed. Never throws.
 */
export function applyAction(followUp: FollowUp, action: FollowUpAction, at: Date): ActionResult {
  const when = at.toISOString();
  if (followUp.state === "closed") {
    return { ok: false, reason: `This lead is closed (${followUp.closedReason ?? "no reason"}).` };
  }
  switch (action.kind) {
    case "claim":
      // A lead booked before anyone claimed it can still be given an owner; it stays booked.
      if (followUp.state === "booked" && !followUp.owner) {
        // A cancellation then puts it back as claimed, not as new with an owner.
        const beforeBooking = followUp.beforeBooking === "new" ? "claimed" : followUp.beforeBooking;
        return { ok: true, followUp: { ...followUp, owner: action.owner, claimedAt: when, beforeBooking } };
      }
      if (followUp.state !== "new") {
        return {
          ok: false,
          reason: followUp.owner
            ? `This lead is already claimed${held(followUp)}.`
            : `This lead is already ${followUp.state}.`,
        };
      }
      return { ok: true, followUp: { ...followUp, state: "claimed", owner: action.owner, claimedAt: when } };
    case "contacted":
      if (followUp.state !== "claimed") {
        return {
          ok: false,
          reason:
            followUp.state === "new"
              ? "Claim this lead before marking it contacted."
              : `This lead is already ${followUp.state}.`,
        };
      }
      return { ok: true, followUp: { ...followUp, state: "contacted", contactedAt: when } };
    case "booked": {
      // A reschedule moves the booking; the same booking told twice changes nothing.
      const same = followUp.booking;
      if (same && same.uid === action.booking.uid && same.startTime === action.booking.startTime) {
        return { ok: false, reason: "This booking is already recorded." };
      }
      const before = followUp.state === "booked" ? followUp.beforeBooking : followUp.state;
      // A reschedule of the booking made in the same visit is still that booking, however matched.
      const rescheduled = !!action.replaces && action.replaces === followUp.booking?.uid;
      const via = rescheduled && followUp.booking?.via === "reference" ? "reference" : action.booking.via;
      return {
        ok: true,
        followUp: {
          ...followUp,
          state: "booked",
          bookedAt: followUp.state === "booked" ? (followUp.bookedAt ?? when) : when,
          booking: { ...action.booking, via },
          beforeBooking: before,
        },
      };
    }
    case "booking-cancelled": {
      if (followUp.state !== "booked" || followUp.booking?.uid !== action.uid) {
        return { ok: false, reason: "No booking with that id is recorded for this lead." };
      }
      // Back to where the lead was, and the nudge and escalation clocks run again from now.
      const { booking: _booking, bookedAt: _bookedAt, beforeBooking, ...rest } = followUp;
      const reminders = { ...rest.reminders };
      delete reminders.nudge;
      delete reminders.escalation;
      return {
        ok: true,
        followUp: { ...rest, state: beforeBooking ?? "new", clockFrom: when, reminders },
      };
    }
    case "close":
      return {
        ok: true,
        followUp: { ...followUp, state: "closed", closedAt: when, closedReason: action.reason },
      };
  }
}

/**
 * When someone first took the lead in hand: its claim, or its closing when it was closed without
 * one (e.g. as spam); undefined while nobody has.
 */
export function firstTouchAt(followUp: FollowUp): string | undefined {
  return followUp.claimedAt ?? followUp.closedAt ?? followUp.contactedAt ?? followUp.bookedAt;
}

/** When the promise was kept: the lead contacted, booked or closed, whichever came first. */
export function keptAt(followUp: FollowUp): string | undefined {
  const times = [followUp.contactedAt, followUp.bookedAt, followUp.closedAt].filter(
    (t): t is string => typeof t === "string",
  );
  return times.sort()[0];
}
