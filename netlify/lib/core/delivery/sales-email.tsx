/**
 * The sales e-mail channel, whose outcome is the lead's state (docs/decisions/0019-lead-path.md), and its message,
 * reply-to the prospect (docs/requirements.md#sales-tools, docs/decisions/0037-email-layout.md).
 */
import * as React from "react";
import { DEMO_REQUEST_FIELDS, type Attribution, type DemoRequest } from "../../../../src/lib/demo-request";
import {
  ActionButton,
  EmailLayout,
  EmailLink,
  Lines,
  Paragraph,
  PhoneLink,
  Quote,
  renderEmail,
  Tag,
  Title,
} from "../../kit/email-layout";
import { localTime, singleLine } from "../../kit/text";
import { logError, logInfo, maskEmail } from "../../kit/log";
import { claimUrlOf, leadLinesOf, timeZoneOf, type DeliveryChannel } from "../add-on";
import { emailClassLabels, leadTitle, promiseDeadline } from "../leads/lead-record";
import type { EmailClass } from "../../kit/email-class";
import { sourceInWords } from "../leads/lead-source";
import { reasonInWords } from "../spam/spam";
import { capSubject, CLAIM_BUTTON_TEXT, sendWithRetry, shortReference, type MailMessage } from "./mailer";

const labelOf = (name: keyof DemoRequest) => DEMO_REQUEST_FIELDS.find((row) => row.name === name)!.label;

interface SalesEmailMeta {
  salesEmail: string;
  mailFrom: string;
  receivedAt: Date;
  /** Who released a lead held as spam, and when (ISO 8601): its 24-hour promise starts then. */
  released?: { at: string; by: string };
  requestId: string;
  suspectedSpam?: string;
  attribution?: Attribution;
  claimUrl?: string;
  emailClass?: EmailClass;
  timeZone?: string;
  /** The add-ons' lead lines (`leadLinesOf`), shown after the promise. */
  lines?: readonly string[];
}

/** The sales e-mail for `request`: what decides the call first, then the claim button, the ways to reach them, their message. */
export function buildSalesEmail(request: DemoRequest, meta: SalesEmailMeta): MailMessage {
  const who = `${request.firstName} ${request.lastName}, ${request.company}`;
  const replyBy = localTime(promiseDeadline(meta.released?.at ?? meta.receivedAt), meta.timeZone);
  const labels = meta.emailClass ? emailClassLabels(meta.emailClass) : [];
  const { html, text } = renderEmail(
    <EmailLayout preview={`${who}. Reply by ${replyBy}.`}>
      <Title>{who}</Title>
      {labels.length > 0 && (
        <Paragraph>
          {labels.map((label, index) => (
            <React.Fragment key={label}>
              {index > 0 && " "}
              <Tag>{label}</Tag>
            </React.Fragment>
          ))}
        </Paragraph>
      )}
      {meta.suspectedSpam && (
        <Paragraph warning>Suspected spam: {reasonInWords(meta.suspectedSpam)}</Paragraph>
      )}
      <Paragraph>
        Reply by <strong>{replyBy}</strong> to keep the 24-hour promise.
      </Paragraph>
      {meta.lines && meta.lines.length > 0 && <Lines lines={meta.lines} />}
      {meta.released && (
        <Lines
          lines={[
            `Held as spam when it arrived, ${localTime(meta.receivedAt, meta.timeZone)}.`,
            `Released by ${meta.released.by}, ${localTime(meta.released.at, meta.timeZone)}.`,
          ]}
        />
      )}
      {meta.claimUrl && <ActionButton href={meta.claimUrl}>{CLAIM_BUTTON_TEXT}</ActionButton>}
      <Paragraph>
        {labelOf("phone")}: <PhoneLink number={request.phone} action />
        <br />
        {labelOf("email")}: <EmailLink address={request.email} action />
      </Paragraph>
      {request.message ? (
        <>
          <Paragraph>{labelOf("message")}:</Paragraph>
          <Quote text={request.message} />
        </>
      ) : (
        <Paragraph muted>{labelOf("message")}: none</Paragraph>
      )}
      <Paragraph>Source: {sourceInWords(meta.attribution)}</Paragraph>
      <Paragraph muted>
        Reference: {shortReference(meta.requestId)}
        <br />
        Request id: {meta.requestId}
        <br />
        Received: {localTime(meta.receivedAt, meta.timeZone)}
      </Paragraph>
    </EmailLayout>,
  );
  const subject = `${leadTitle("Demo request", meta)}: ${request.firstName} ${request.lastName} (${request.company})`;
  return {
    to: meta.salesEmail,
    from: meta.mailFrom,
    replyTo: request.email,
    subject: capSubject(singleLine(subject)),
    text,
    html,
    customArgs: { requestId: meta.requestId, kind: "sales" },
  };
}

export const salesEmail: DeliveryChannel = {
  name: "sales",
  plan: () => "send",
  async send(lead, { config, mailer, retry, addOns, now }) {
    const message = buildSalesEmail(lead.request, {
      salesEmail: config.salesEmail,
      mailFrom: config.mailFrom,
      receivedAt: new Date(lead.receivedAt),
      released: lead.released,
      requestId: lead.id,
      suspectedSpam: lead.suspectedSpam,
      attribution: lead.attribution,
      claimUrl: claimUrlOf(addOns, config, lead.id, now()),
      emailClass: lead.emailClass,
      timeZone: timeZoneOf(addOns, config),
      lines: await leadLinesOf(addOns, lead, { config, now }),
    });
    const result = await sendWithRetry(mailer, message, retry);
    if (result.status === "sent") {
      logInfo("sales e-mail accepted", {
        requestId: lead.id,
        prospect: maskEmail(lead.request.email),
        attempts: result.attempts,
      });
    } else {
      logError(
        result.status === "permanent"
          ? "sales e-mail not accepted, refused for good"
          : "sales e-mail not accepted",
        { requestId: lead.id, status: result.code, error: result.error, attempts: result.attempts },
      );
    }
    return result;
  },
};
