/**
 * The follow-up reminder e-mails (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md,
 * docs/decisions/0037-email-layout.md): the nudge, the escalation and the promise at risk, and the daily
 * digest of leads held as spam or suspected. Only e-mails to the sales inbox name the prospect; links come from structured
 * fields, never from text.
 */
import * as React from "react";
import { DateTime } from "luxon";
import type { ServerConfig } from "../../core/config";
import type { FollowUpConfig } from "./settings";
import type { FollowUp, ReminderKind } from "./follow-up-record";
import type { LeadRecord } from "../../core/leads/lead-record";
import {
  ActionButton,
  EmailLayout,
  Lines,
  Paragraph,
  renderEmail,
  Subtitle,
  TextLink,
  Title,
} from "../../kit/email-layout";
import { localTime, singleLine } from "../../kit/text";
import { capSubject, CLAIM_LINK_TEXT, type MailMessage } from "../../core/delivery/mailer";
import { autofilledField } from "../../core/spam/spam";
import { zoneOf } from "../../kit/business-hours";
import { bySender, type Flood } from "../../core/spam/sender-floods";
import { FloodLine, listed, listedReason, More, ReleaseLink } from "../../core/spam/held-leads";

export type PersonReminder = Exclude<ReminderKind, "digest">;
export type JobConfig = ServerConfig & { followUp: FollowUpConfig };

/** A lead the job reminds of, with its claim link, and its release link while it is held as spam. */
export type ReminderLead = { lead: LeadRecord; followUp: FollowUp; claimUrl?: string; releaseUrl?: string };

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

/**
 * Entries a digest lists (a lead, or a flood of held leads from one sender), at most about 1.5 KB of HTML each,
 * so it stays under Gmail's 102 KB clip.
 */
export const DIGEST_SHOWN = 50;

const counted = (count: number, what: string) => `${count} ${what}${count === 1 ? "" : "s"}`;

type HeldEntry = { alone: ReminderLead } | { flood: Flood<ReminderLead> };

const entryLeads = (entry: HeldEntry) => ("alone" in entry ? [entry.alone] : entry.flood.items);

// Lone leads, then floods (as the weekly summary lists them); those a password manager seems to have filled first.
function heldEntries(held: readonly ReminderLead[]): HeldEntry[] {
  const { alone, floods } = bySender(held);
  const entries: HeldEntry[] = [
    ...alone.map((item) => ({ alone: item })),
    ...floods.map((flood) => ({ flood })),
  ];
  const autofilled = (entry: HeldEntry) => entryLeads(entry).some(({ lead }) => autofilledField(lead));
  return entries.toSorted((a, b) => Number(autofilled(b)) - Number(autofilled(a)));
}

const IN_SUMMARY = "in the weekly summary's attachment";

const whoLine = ({ request }: LeadRecord) =>
  `${listed(`${request.firstName} ${request.lastName}`)} (${listed(request.company)}), ${listed(request.email)}`;

const receivedLine = (lead: LeadRecord, zone?: string) =>
  `Received: ${localTime(lead.receivedAt, zone)}, request id ${lead.id}`;

function HeldLead({ item: { lead, releaseUrl }, zone }: { item: ReminderLead; zone?: string }) {
  const field = autofilledField(lead);
  return (
    <Lines
      lines={[
        whoLine(lead),
        `Held because: ${listedReason(lead.spamReason ?? "not recorded")}`,
        ...(field
          ? [
              `Probably a real person: the field people can't see repeats their ${field.label}, as a password manager does.`,
            ]
          : []),
        receivedLine(lead, zone),
        <ReleaseLink key="release" url={releaseUrl} />,
      ]}
    />
  );
}

function SuspectedLead({ item: { lead, claimUrl }, zone }: { item: ReminderLead; zone?: string }) {
  return (
    <Lines
      lines={[
        whoLine(lead),
        `Suspected because: ${listedReason(lead.suspectedSpam ?? "not recorded")}`,
        receivedLine(lead, zone),
        ...(claimUrl
          ? [
              <TextLink key="claim" href={claimUrl}>
                {CLAIM_LINK_TEXT}
              </TextLink>,
            ]
          : []),
      ]}
    />
  );
}

/**
 * The day's digest to sales of `items` (oldest first), unclaimed leads held as spam (state `spam`) or suspected,
 * so a real person caught by a spam defence is seen by the next business morning: held leads first, each with
 * its release link, those a password manager seems to have filled before the rest and a flood from one sender as
 * one entry; then suspected leads with their claim links. DIGEST_SHOWN entries are listed, the rest counted.
 * `date` is the team's local day, YYYY-MM-DD (docs/requirements.md#follow-up,
 * docs/decisions/0038-weekly-summary.md).
 */
export function buildDigestEmail(
  items: readonly ReminderLead[],
  date: string,
  config: JobConfig,
): MailMessage {
  const zone = config.followUp.businessHours?.zone;
  const day = DateTime.fromISO(date).setLocale("en-GB").toFormat("ccc d LLL yyyy");
  const held = items.filter(({ lead }) => lead.state === "spam");
  const suspected = items.filter(({ lead }) => lead.state !== "spam");
  const heldShown = heldEntries(held).slice(0, DIGEST_SHOWN);
  const heldListed = heldShown.reduce((sum, entry) => sum + entryLeads(entry).length, 0);
  const suspectedShown = suspected.slice(0, DIGEST_SHOWN - heldShown.length);
  const summary = `${counted(items.length, "demo request")} to check (${day}): ${held.length} held as spam, ${suspected.length} suspected.`;
  const content = (
    <>
      <Paragraph>{summary}</Paragraph>
      {held.length > 0 && (
        <>
          <Subtitle>Held as spam</Subtitle>
          <Paragraph>
            These were answered like any other request but reached nobody: a spam defence held them. Release
            any that is real and it goes to sales as a new lead. Those a password manager seems to have filled
            come first.
          </Paragraph>
        </>
      )}
      {heldShown.map((entry) =>
        "alone" in entry ? (
          <HeldLead key={entry.alone.lead.id} item={entry.alone} zone={zone} />
        ) : (
          <FloodLine
            key={`${entry.flood.by} ${entry.flood.key}`}
            flood={entry.flood}
            zone={zoneOf(config.followUp.businessHours)}
            where={IN_SUMMARY}
          />
        ),
      )}
      <More count={held.length - heldListed}>
        held requests, not listed here: each is {IN_SUMMARY} with the person&apos;s details.
      </More>
      {suspected.length > 0 && (
        <>
          <Subtitle>Suspected spam</Subtitle>
          <Lines
            lines={[
              'They reached the sales inbox with "Suspected spam" in the subject; a real prospect may be among them.',
              "Claim any that is real, or close it as spam.",
            ]}
          />
        </>
      )}
      {suspectedShown.map((item) => (
        <SuspectedLead key={item.lead.id} item={item} zone={zone} />
      ))}
      <More count={suspected.length - suspectedShown.length}>
        suspected and unclaimed, not listed here (the oldest come first): each went to the sales inbox with
        &quot;Suspected spam&quot; in the subject and its claim button.
      </More>
    </>
  );
  return message(
    config.salesEmail,
    config.mailFrom,
    `Held and suspected spam, ${day}: ${held.length} held, ${suspected.length} suspected`,
    { title: "Held and suspected spam", content, preview: summary },
    "digest",
  );
}
