/**
 * Which follow-up reminders a lead needs now, and their e-mails (docs/requirements.md#follow-up,
 * docs/decisions/0029-lead-follow-up.md, docs/decisions/0037-email-layout.md). Only e-mails to the sales
 * inbox name the prospect; links come from structured fields, never from text.
 */
import * as React from "react";
import { businessMinutesBetween } from "./business-hours";
import type { FollowUpConfig, ServerConfig } from "../../core/config";
import { awaitsContact, type FollowUp, type ReminderKind } from "./follow-up-record";
import { promiseStart, type LeadRecord } from "../../core/leads/lead-record";
import {
  ActionButton,
  EmailLayout,
  Lines,
  Paragraph,
  renderEmail,
  TextLink,
  Title,
} from "../../kit/email-layout";
import { localTime } from "../../kit/local-time";
import { singleLine } from "../../kit/text";
import { capSubject, CLAIM_LINK_TEXT, type MailMessage } from "../../core/delivery/messages";

/** Hours after arrival at which an open lead is reported at risk of missing the 24-hour promise. */
const PROMISE_AT_RISK_HOURS = 20;

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
  lead: Pick<LeadRecord, "receivedAt" | "released" | "state" | "suspectedSpam">,
  followUp: FollowUp,
  now: Date,
  settings: Pick<FollowUpConfig, "nudgeMinutes" | "escalateMinutes" | "businessHours">,
): ReminderKind[] {
  if (lead.state === "spam" || !awaitsContact(followUp)) return [];
  const had = followUp.reminders ?? {};
  const arrived = new Date(promiseStart(lead));
  if (lead.suspectedSpam && followUp.state === "new") return had.digest ? [] : ["digest"];
  const due: ReminderKind[] = [];
  if (followUp.state === "new") {
    // A cancelled booking starts the clock again (docs/decisions/0030-slack-and-booking-loop.md).
    const from = followUp.clockFrom ? new Date(followUp.clockFrom) : arrived;
    const waited = businessMinutesBetween(settings.businessHours, from, now);
    if (!had.nudge && waited >= settings.nudgeMinutes) due.push("nudge");
    if (!had.escalation && waited >= settings.escalateMinutes) due.push("escalation");
  }
  if (!had["promise-at-risk"] && now.getTime() - arrived.getTime() >= PROMISE_AT_RISK_HOURS * 3_600_000) {
    due.push("promise-at-risk");
  }
  return due;
}

export interface ReminderLead {
  lead: LeadRecord;
  followUp: FollowUp;
  claimUrl?: string;
}

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
  body: { title: string; content: React.ReactNode; preview: string },
  kind: ReminderKind,
  id?: string,
): MailMessage {
  const customArgs: Record<string, string> = id ? { requestId: id, kind } : { kind };
  const { html, text } = renderEmail(
    <EmailLayout preview={body.preview}>
      <Title>{body.title}</Title>
      {body.content}
    </EmailLayout>,
  );
  return { to, from, subject: capSubject(singleLine(subject)), text, html, customArgs };
}

function statusLines({ lead, followUp }: ReminderLead, zone: string | undefined, first: string[] = []) {
  return (
    <Lines
      lines={[
        ...first,
        `Received: ${localTime(lead.receivedAt, zone)}`,
        `Follow-up: ${followUp.state}`,
        `Owner: ${followUp.owner?.name ?? "nobody yet"}`,
      ]}
    />
  );
}

const TITLES: Record<Exclude<ReminderKind, "digest">, string> = {
  nudge: "Unclaimed demo request",
  escalation: "Unclaimed demo request: escalation",
  "promise-at-risk": "24-hour promise at risk",
};

/** The e-mail for reminder `kind`: the escalation to `escalationEmail` without visitor text, the rest to sales. */
export function buildReminderEmail(
  kind: Exclude<ReminderKind, "digest">,
  item: ReminderLead,
  detail: string,
  config: Pick<ServerConfig, "salesEmail" | "mailFrom"> & {
    followUp: Pick<FollowUpConfig, "escalationEmail" | "businessHours">;
  },
): MailMessage {
  const { lead, claimUrl } = item;
  const zone = config.followUp.businessHours?.zone;
  const who = `${lead.request.firstName} ${lead.request.lastName} (${lead.request.company})`;
  const escalation = kind === "escalation";
  const content = (
    <>
      <Paragraph>{detail}</Paragraph>
      {statusLines(item, zone, escalation ? [] : [`Prospect: ${who}`])}
      {claimUrl && <ActionButton href={claimUrl}>{CLAIM_LINK_TEXT}</ActionButton>}
    </>
  );
  const body = { title: TITLES[kind], content, preview: detail };
  const to = escalation ? config.followUp.escalationEmail : config.salesEmail;
  const subject = escalation
    ? `Escalation: demo request ${lead.id} is unclaimed`
    : `${kind === "nudge" ? "Unclaimed demo request" : "24-hour promise at risk"}: ${who}`;
  return message(to, config.mailFrom, subject, body, kind, lead.id);
}

/** The day's digest of unclaimed suspected-spam leads to sales, so a real person held there is still seen. */
export function buildDigestEmail(
  items: readonly ReminderLead[],
  date: string,
  config: Pick<ServerConfig, "salesEmail" | "mailFrom"> & {
    followUp?: Pick<FollowUpConfig, "businessHours">;
  },
): MailMessage {
  const zone = config.followUp?.businessHours?.zone;
  const summary = `${items.length} demo request(s) suspected as spam and not yet claimed (${date}).`;
  const content = (
    <>
      <Lines
        lines={[
          summary,
          "They reached the sales inbox marked [Suspected spam]; a real prospect may be among them.",
          "Claim any that is real, or close it as spam.",
        ]}
      />
      {items.map(({ lead, claimUrl }) => (
        <Lines
          key={lead.id}
          lines={[
            `${lead.request.firstName} ${lead.request.lastName} (${lead.request.company}), ${lead.request.email}`,
            `Suspected because: ${lead.suspectedSpam ?? "unknown"}`,
            `Received: ${localTime(lead.receivedAt, zone)}, request id ${lead.id}`,
            ...(claimUrl
              ? [
                  <TextLink key="claim" href={claimUrl}>
                    {CLAIM_LINK_TEXT}
                  </TextLink>,
                ]
              : []),
          ]}
        />
      ))}
    </>
  );
  return message(
    config.salesEmail,
    config.mailFrom,
    `Suspected spam digest ${date}: ${items.length} demo request(s) to check`,
    { title: "Suspected spam digest", content, preview: summary },
    "digest",
  );
}
