/**
 * The e-mails that tell the people concerned of a follow-up change (docs/requirements.md#follow-up,
 * docs/decisions/0030-slack-and-booking-loop.md, docs/decisions/0037-email-layout.md): a hand-over to the new
 * owner; a demo booked, moved or cancelled to the lead's owner. A lead nobody has claimed, or an owner without an
 * address on the roster, is told through the sales inbox. They go to the sales team only, so they name the prospect.
 */
import * as React from "react";
import type { ServerConfig } from "../../core/config";
import {
  capSubject,
  CLAIM_LINK_TEXT,
  sendWithRetry,
  type MailMessage,
  type Mailer,
  type RetryOptions,
} from "../../core/delivery/mailer";
import type { LeadRecord } from "../../core/leads/lead-record";
import { ActionButton, EmailLayout, Lines, Paragraph, renderEmail, Title } from "../../kit/email-layout";
import { errorName, logError, logInfo, maskEmail } from "../../kit/log";
import { localTime, singleLine } from "../../kit/text";
import { INBOX_ONLY_LABEL, type FollowUp, type HistoryEntry } from "./follow-up-record";
import type { FollowUpChange } from "../../core/leads/lead-events";

type NoticeEntry = Extract<
  HistoryEntry,
  { kind: "handed-over" | "booked" | "booking-moved" | "booking-cancelled" }
>;

/** The history entries each change announced by e-mail adds; other changes are e-mailed to nobody. */
const NOTICE_KINDS: Partial<Record<FollowUpChange, readonly NoticeEntry["kind"][]>> = {
  "handed-over": ["handed-over"],
  booked: ["booked", "booking-moved"],
  "booking-cancelled": ["booking-cancelled"],
};

const TITLES: Record<NoticeEntry["kind"], string> = {
  "handed-over": "Lead handed over",
  booked: "Demo booked",
  "booking-moved": "Demo moved",
  "booking-cancelled": "Demo cancelled",
};

function whatHappened(entry: NoticeEntry, who: string, zone?: string): string {
  if (entry.kind === "handed-over") {
    return `${entry.from} handed the demo request from ${who} over to ${entry.to}.`;
  }
  const slot = entry.startTime ? localTime(entry.startTime, zone) : "a time not given";
  if (entry.kind === "booked") return `${who} booked a demo for ${slot}.`;
  if (entry.kind === "booking-moved") return `${who} moved their demo to ${slot}.`;
  return `${who} cancelled their demo for ${slot}.`;
}

/**
 * The e-mail for the change `followUp`'s newest history entry records, when `change` calls for one: a hand-over, or
 * a demo booked, moved or cancelled (not a person confirming one); undefined otherwise. To the owner's roster
 * address, else the sales inbox; times in the team's zone (UTC without one); `claimUrl`, the lead's page, as its button.
 */
export function buildFollowUpNotice(
  lead: LeadRecord,
  followUp: FollowUp,
  change: FollowUpChange,
  config: ServerConfig,
  claimUrl?: string,
): MailMessage | undefined {
  const entry = followUp.history?.at(-1);
  const kinds: readonly string[] = NOTICE_KINDS[change] ?? [];
  if (!entry || !kinds.includes(entry.kind)) return undefined;
  const notice = entry as NoticeEntry;
  const zone = config.followUp?.businessHours?.zone;
  const { firstName, lastName, company } = lead.request;
  const who = `${firstName} ${lastName} (${company})`;
  const { owner } = followUp;
  const lines = [
    ...(notice.kind === "handed-over"
      ? []
      : [owner ? `Owner: ${owner.name}` : "Nobody has claimed this lead yet."]),
    `Received: ${localTime(lead.receivedAt, zone)}`,
    `Request id: ${lead.id}`,
  ];
  if (owner && !owner.email) {
    lines.push(`Sent to the sales inbox: the team list has no address for ${owner.name}.`);
  }
  const unconfirmed = "confirmed" in notice && !notice.confirmed;
  const happened = whatHappened(notice, who, zone);
  const { html, text } = renderEmail(
    <EmailLayout preview={happened}>
      <Title>{TITLES[notice.kind]}</Title>
      <Paragraph>{happened}</Paragraph>
      {unconfirmed && (
        <Paragraph warning>
          This booking was {INBOX_ONLY_LABEL}: confirm it on the lead&apos;s page if it is theirs.
        </Paragraph>
      )}
      <Lines muted lines={lines} />
      {claimUrl && <ActionButton href={claimUrl}>{CLAIM_LINK_TEXT}</ActionButton>}
    </EmailLayout>,
  );
  const title =
    notice.kind === "handed-over" ? `${TITLES[notice.kind]} to ${notice.to}` : TITLES[notice.kind];
  return {
    to: owner?.email ?? config.salesEmail,
    from: config.mailFrom,
    subject: capSubject(singleLine(`${title}: ${who}`)),
    text,
    html,
    customArgs: { requestId: lead.id, kind: notice.kind === "handed-over" ? "hand-over" : "booking" },
  };
}

/** Sends `message` with in-request retries and logs the outcome, its recipient masked. Never throws. */
export async function sendFollowUpNotice(
  message: MailMessage,
  mailer: Mailer,
  retry?: RetryOptions,
): Promise<void> {
  const fields = {
    requestId: message.customArgs?.requestId,
    kind: message.customArgs?.kind,
    to: maskEmail(message.to),
  };
  try {
    const result = await sendWithRetry(mailer, message, retry);
    if (result.status === "sent") {
      logInfo("follow-up notice accepted", { ...fields, attempts: result.attempts });
    } else {
      logError("follow-up notice not accepted", { ...fields, status: result.code, error: result.error });
    }
  } catch (error) {
    logError("follow-up notice not sent", { ...fields, reason: errorName(error) });
  }
}
