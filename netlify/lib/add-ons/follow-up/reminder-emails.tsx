/**
 * The follow-up reminder e-mails (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md,
 * docs/decisions/0037-email-layout.md): the nudge, the escalation and the promise at risk, and the daily
 * suspected-spam digest. Only e-mails to the sales inbox name the prospect; links come from structured
 * fields, never from text.
 */
import * as React from "react";
import type { FollowUpConfig, ServerConfig } from "../../core/config";
import type { FollowUp, ReminderKind } from "./follow-up-record";
import type { LeadRecord } from "../../core/leads/lead-record";
import {
  ActionButton,
  EmailLayout,
  Lines,
  Paragraph,
  renderEmail,
  TextLink,
  Title,
} from "../../kit/email-layout";
import { localTime, singleLine } from "../../kit/text";
import { capSubject, CLAIM_LINK_TEXT, type MailMessage } from "../../core/delivery/mailer";
import { listed, listedReason, More } from "./summary-email";

export type PersonReminder = Exclude<ReminderKind, "digest">;
export type JobConfig = ServerConfig & { followUp: FollowUpConfig };

export type ReminderLead = { lead: LeadRecord; followUp: FollowUp; claimUrl?: string };

/** Hours after arrival at which an open lead is reported at risk of missing the 24-hour promise. */
export const PROMISE_AT_RISK_HOURS = 20;

function minutesInWords(minutes: number): string {
  if (minutes < 60) return `${Number(minutes.toFixed(2))} minute${minutes === 1 ? "" : "s"}`;
  const hours = Number((minutes / 60).toFixed(2));
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

/** What a reminder says happened, in our words; the webhook's Teams Markdown also shows it, so it names nobody. */
export function reminderDetail(
  kind: PersonReminder,
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
  return `Demo request ${lead.id} arrived ${PROMISE_AT_RISK_HOURS} hours ago and is ${held}, neither contacted, booked nor closed: the 24-hour promise is at risk.`;
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

const TITLES: Record<PersonReminder, string> = {
  nudge: "Unclaimed demo request",
  escalation: "Unclaimed demo request: escalation",
  "promise-at-risk": "24-hour promise at risk",
};

/** The e-mail for reminder `kind`: the escalation to `escalationEmail` without visitor text, the rest to sales. */
export function buildReminderEmail(
  kind: PersonReminder,
  item: ReminderLead,
  detail: string,
  config: JobConfig,
): MailMessage {
  const { lead, followUp, claimUrl } = item;
  const zone = config.followUp.businessHours?.zone;
  const who = `${lead.request.firstName} ${lead.request.lastName} (${lead.request.company})`;
  const escalation = kind === "escalation";
  const content = (
    <>
      <Paragraph>{detail}</Paragraph>
      <Lines
        lines={[
          ...(escalation ? [] : [`Prospect: ${who}`]),
          `Received: ${localTime(lead.receivedAt, zone)}`,
          `Follow-up: ${followUp.state}`,
          `Owner: ${followUp.owner?.name ?? "nobody yet"}`,
        ]}
      />
      {claimUrl && <ActionButton href={claimUrl}>{CLAIM_LINK_TEXT}</ActionButton>}
    </>
  );
  const body = { title: TITLES[kind], content, preview: detail };
  const to = escalation ? (config.followUp.escalationEmail ?? config.salesEmail) : config.salesEmail;
  const subject = escalation ? `Escalation: demo request ${lead.id} is unclaimed` : `${TITLES[kind]}: ${who}`;
  return message(to, config.mailFrom, subject, body, kind, lead.id);
}

/** Leads a digest lists, at most about 1.5 KB of HTML each, so it stays under Gmail's 102 KB clip. */
export const DIGEST_SHOWN = 50;

/**
 * The day's digest to sales of `items`, unclaimed suspected-spam leads in the order given (oldest first), so a
 * real person held there is still seen: the first DIGEST_SHOWN listed, the count of the rest.
 */
export function buildDigestEmail(
  items: readonly ReminderLead[],
  date: string,
  config: JobConfig,
): MailMessage {
  const zone = config.followUp.businessHours?.zone;
  const summary = `${items.length} demo request(s) suspected as spam and not yet claimed (${date}).`;
  const content = (
    <>
      <Lines
        lines={[
          summary,
          'They reached the sales inbox with "Suspected spam" in the subject; a real prospect may be among them.',
          "Claim any that is real, or close it as spam.",
        ]}
      />
      {items.slice(0, DIGEST_SHOWN).map(({ lead, claimUrl }) => (
        <Lines
          key={lead.id}
          lines={[
            `${listed(`${lead.request.firstName} ${lead.request.lastName}`)} (${listed(lead.request.company)}), ${listed(lead.request.email)}`,
            `Suspected because: ${listedReason(lead.suspectedSpam ?? "unknown")}`,
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
      <More count={items.length - DIGEST_SHOWN}>
        suspected and unclaimed, not listed here (the oldest come first): each went to the sales inbox with
        &quot;Suspected spam&quot; in the subject and its claim button.
      </More>
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
