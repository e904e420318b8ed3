/**
 * Which follow-up reminders a lead needs now: nudge, escalation, promise-at-risk or the spam digest
 * (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md). Pure; each is sent once.
 */
import { businessMinutesBetween } from "./business-hours";
import type { FollowUpConfig } from "../../core/config";
import { awaitsContact, type FollowUp, type ReminderKind } from "./follow-up-record";
import type { LeadRecord } from "../../core/leads/lead-record";

/** Hours after arrival at which an open lead is reported at risk of missing the 24-hour promise. */
export const PROMISE_AT_RISK_HOURS = 20;
const HOUR = 3_600_000;

/** False once no reminder can fall due for `lead`; the job then drops its marker. */
export function mayNeedReminders(
  lead: Pick<LeadRecord, "state" | "suspectedSpam">,
  followUp: FollowUp,
): boolean {
  if (lead.state === "spam" || !awaitsContact(followUp)) return false;
  const had = followUp.reminders ?? {};
  if (followUp.state === "claimed") return !had["promise-at-risk"];
  if (lead.suspectedSpam) return !had.digest;
  return !(had.nudge && had.escalation && had["promise-at-risk"]);
}

/** The reminders `lead` needs at `now` that it has not had, in the order they are sent. */
export function dueReminders(
  lead: Pick<LeadRecord, "receivedAt" | "state" | "suspectedSpam">,
  followUp: FollowUp,
  now: Date,
  settings: Pick<FollowUpConfig, "nudgeMinutes" | "escalateMinutes" | "businessHours">,
): ReminderKind[] {
  if (lead.state === "spam" || !awaitsContact(followUp)) return [];
  const had = followUp.reminders ?? {};
  const arrived = new Date(lead.receivedAt);
  if (lead.suspectedSpam && followUp.state === "new") return had.digest ? [] : ["digest"];
  const due: ReminderKind[] = [];
  if (followUp.state === "new") {
    // A cancelled booking starts the clock again (docs/decisions/0030-slack-and-booking-loop.md).
    const from = followUp.clockFrom ? new Date(followUp.clockFrom) : arrived;
    const waited = businessMinutesBetween(settings.businessHours, from, now);
    if (!had.nudge && waited >= settings.nudgeMinutes) due.push("nudge");
    if (!had.escalation && waited >= settings.escalateMinutes) due.push("escalation");
  }
  if (!had["promise-at-risk"] && now.getTime() - arrived.getTime() >= PROMISE_AT_RISK_HOURS * HOUR) {
    due.push("promise-at-risk");
  }
  return due;
}
