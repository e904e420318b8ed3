/**
 * Which follow-up reminders a lead needs now (nudge, escalation, promise-at-risk or the spam digest) and
 * their e-mails (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md); pure, each sent
 * once. Only e-mails to the sales inbox name the prospect; the escalation holds no visitor text. Links
 * come from structured lines, never from text.
 */
import escapeHtml from "escape-html";
import { businessMinutesBetween } from "./business-hours";
import type { FollowUpConfig, ServerConfig } from "../../core/config";
import { awaitsContact, type FollowUp, type ReminderKind } from "./follow-up-record";
import type { LeadRecord } from "../../core/leads/lead-record";
import { singleLine } from "../../kit/text";
import { capSubject, CLAIM_LINK_TEXT, type MailMessage } from "../../core/delivery/messages";

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

/** A line of a reminder: text (escaped in HTML), or the claim link (an anchor with our words). */
type Line = string | { claimUrl: string };

export interface ReminderLead {
  lead: LeadRecord;
  followUp: FollowUp;
  claimUrl?: string;
}

/** The wait in words: "15 minutes", "1.5 hours". */
function minutesInWords(minutes: number): string {
  if (minutes < 60) return `${Number(minutes.toFixed(2))} minute${minutes === 1 ? "" : "s"}`;
  const hours = Number((minutes / 60).toFixed(2));
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

/** What a reminder says happened, in our words; the webhook's Teams Markdown also shows it, so it names nobody. */
export function reminderDetail(
  kind: Exclude<ReminderKind, "digest">,
  lead: LeadRecord,
  followUp: FollowUp,
  settings: Pick<FollowUpConfig, "nudgeMinutes" | "escalateMinutes" | "businessHours">,
): string {
  const clock = settings.businessHours ? " of business hours" : "";
  if (kind === "nudge") {
    return `Demo request ${lead.id} has not been claimed after ${minutesInWords(settings.nudgeMinutes)}${clock}.`;
  }
  if (kind === "escalation") {
    return `Demo request ${lead.id} is still unclaimed after ${minutesInWords(settings.escalateMinutes)}${clock}: please make sure someone takes it.`;
  }
  const held = followUp.owner ? "claimed" : "unclaimed";
  return `Demo request ${lead.id} arrived 20 hours ago and is ${held}, neither contacted, booked nor closed: the 24-hour promise is at risk.`;
}

function message(
  to: string,
  from: string,
  subject: string,
  lines: Line[],
  kind: ReminderKind,
  id?: string,
): MailMessage {
  const customArgs: Record<string, string> = id ? { requestId: id, kind } : { kind };
  return {
    to,
    from,
    subject: capSubject(singleLine(subject)),
    text: lines
      .map((line) => (typeof line === "string" ? line : `${CLAIM_LINK_TEXT}: ${line.claimUrl}`))
      .join("\n"),
    html: lines
      .map((line) =>
        typeof line === "string"
          ? `<p>${escapeHtml(line)}</p>`
          : `<p><a href="${escapeHtml(line.claimUrl)}">${CLAIM_LINK_TEXT}</a></p>`,
      )
      .join(""),
    customArgs,
  };
}

function statusLines({ lead, followUp, claimUrl }: ReminderLead): Line[] {
  return [
    `Received: ${lead.receivedAt}`,
    `Follow-up: ${followUp.state}`,
    `Owner: ${followUp.owner?.name ?? "nobody yet"}`,
    ...(claimUrl ? [{ claimUrl }] : []),
  ];
}

/** The e-mail for reminder `kind`: the escalation to `escalationEmail` without visitor text, the rest to sales. */
export function buildReminderEmail(
  kind: Exclude<ReminderKind, "digest">,
  item: ReminderLead,
  detail: string,
  config: Pick<ServerConfig, "salesEmail" | "mailFrom"> & {
    followUp: Pick<FollowUpConfig, "escalationEmail">;
  },
): MailMessage {
  const { lead } = item;
  const who = `${lead.request.firstName} ${lead.request.lastName} (${lead.request.company})`;
  if (kind === "escalation") {
    return message(
      config.followUp.escalationEmail,
      config.mailFrom,
      `Escalation: demo request ${lead.id} is unclaimed`,
      [detail, "", ...statusLines(item)],
      kind,
      lead.id,
    );
  }
  const subject = kind === "nudge" ? `Unclaimed demo request: ${who}` : `24-hour promise at risk: ${who}`;
  const lines: Line[] = [detail, "", `Prospect: ${who}`, ...statusLines(item)];
  return message(config.salesEmail, config.mailFrom, subject, lines, kind, lead.id);
}

/** The day's digest of unclaimed suspected-spam leads to sales, so a real person held there is still seen. */
export function buildDigestEmail(
  items: readonly ReminderLead[],
  date: string,
  config: Pick<ServerConfig, "salesEmail" | "mailFrom">,
): MailMessage {
  const lines: Line[] = [
    `${items.length} demo request(s) suspected as spam and not yet claimed (${date}).`,
    "They reached the sales inbox marked [Suspected spam]; a real prospect may be among them.",
    "Claim any that is real, or close it as spam.",
    ...items.flatMap(({ lead, claimUrl }) => [
      "",
      `${lead.request.firstName} ${lead.request.lastName} (${lead.request.company}), ${lead.request.email}`,
      `Suspected because: ${lead.suspectedSpam ?? "unknown"}`,
      `Received: ${lead.receivedAt}, request id ${lead.id}`,
      ...(claimUrl ? [{ claimUrl }] : []),
    ]),
  ];
  return message(
    config.salesEmail,
    config.mailFrom,
    `Suspected spam digest ${date}: ${items.length} demo request(s) to check`,
    lines,
    "digest",
  );
}
