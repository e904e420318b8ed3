/**
 * The prospect's confirmation in the company's voice (docs/requirements.md#sales-tools,
 * docs/decisions/0037-email-layout.md): no visitor input (docs/decisions/0010-confirmation-limits.md), not
 * even the name, and no prefilled booking page (docs/decisions/0023-booking-link.md).
 */
import * as React from "react";
import {
  ActionButton,
  COMPANY_NAME,
  EmailLayout,
  EmailLink,
  Paragraph,
  PhoneLink,
  renderEmail,
  Title,
} from "../../kit/email-layout";
import { FOLLOW_UP_PROMISE, shortReference, type MailMessage } from "../../core/delivery/messages";

export interface ContactDetails {
  email: string;
  phone: string;
}

export const BOOKING_INVITATION = "Or book a time that suits you now:";

export const CONFIRMATION_SUBJECT = "We received your demo request";

/**
 * The confirmation to `to` for lead `requestId`: the 24-hour promise, the booking link when one is set,
 * the short reference (shortReference), the site's public contact details and the team's signature.
 */
export function buildConfirmationEmail(meta: {
  to: string;
  mailFrom: string;
  requestId: string;
  contact: ContactDetails;
  bookingUrl?: string;
}): MailMessage {
  const { html, text } = renderEmail(
    <EmailLayout preview={`Thank you for your interest in ${COMPANY_NAME}. ${FOLLOW_UP_PROMISE}`}>
      <Title>Thank you for your interest in {COMPANY_NAME}</Title>
      <Paragraph>
        We have your request for a demo, and we look forward to showing you what our AI agents can do for your
        team.
      </Paragraph>
      <Paragraph>
        <strong>What happens next:</strong> {FOLLOW_UP_PROMISE}
      </Paragraph>
      {meta.bookingUrl && (
        <>
          <Paragraph>{BOOKING_INVITATION}</Paragraph>
          <ActionButton href={meta.bookingUrl}>Book a time now</ActionButton>
        </>
      )}
      <Paragraph>
        Your reference: <strong>{shortReference(meta.requestId)}</strong>. Mention it if you write to us.
      </Paragraph>
      <Paragraph>
        Questions in the meantime? E-mail <EmailLink address={meta.contact.email} /> or call{" "}
        <PhoneLink number={meta.contact.phone} />.
      </Paragraph>
      <Paragraph>The {COMPANY_NAME} team</Paragraph>
      <Paragraph muted>If you did not request a demo, please ignore this e-mail.</Paragraph>
    </EmailLayout>,
  );
  return {
    to: meta.to,
    from: meta.mailFrom,
    subject: CONFIRMATION_SUBJECT,
    text,
    html,
    customArgs: { requestId: meta.requestId, kind: "confirmation" },
  };
}
