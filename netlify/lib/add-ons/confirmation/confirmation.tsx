/**
 * The prospect's confirmation add-on, sent once the sales e-mail is accepted (docs/decisions/0019-lead-path.md):
 * the company's voice, no visitor input, not even the name (docs/decisions/0010-confirmation-limits.md), and no
 * prefilled booking page (docs/decisions/0023-booking-link.md). A lead reserves its place within the bounds once.
 */
import * as React from "react";
import site from "../../../../content/site.json";
import type { AddOn, DeliveryChannel, DeliveryNotice } from "../../core/add-on";
import {
  FOLLOW_UP_PROMISE,
  sendWithRetry,
  shortReference,
  type MailMessage,
} from "../../core/delivery/mailer";
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
import { errorName, logError, logInfo, maskEmail } from "../../kit/log";
import type { ConfirmationLimits, ConfirmationVerdict } from "./confirmation-limits";

/** The confirmation to `to` for lead `requestId`: the 24-hour promise, the booking link if set, the short reference. */
function buildConfirmationEmail(meta: {
  to: string;
  mailFrom: string;
  requestId: string;
  contact: { email: string; phone: string };
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
          <Paragraph>Or book a time that suits you now:</Paragraph>
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
    subject: "We received your demo request",
    text,
    html,
    customArgs: { requestId: meta.requestId, kind: "confirmation" },
  };
}

/** The owner's alert when `used` of the day's `limit` confirmations are spent, on `now`'s UTC day. */
export function limitNearNotice({ used, limit }: { used: number; limit: number }, now: Date): DeliveryNotice {
  const day = now.toISOString().slice(0, 10);
  return {
    what: "confirmation limit alert",
    subject: `Confirmation e-mails nearly spent: ${used} of ${limit} on ${day}`,
    title: "Confirmation e-mails nearly spent",
    body: [
      `${used} of the ${limit} confirmation e-mails allowed on ${day} (UTC) are spent.`,
      "Past the limit, prospects get no confirmation (their demo requests still reach sales).",
      "If this is not a busy day, check the day's demo requests for throwaway addresses, and raise CONFIRMATION_DAILY_LIMIT or lower CONFIRMATION_CLIENT_DAILY_LIMIT if needed.",
    ],
    notSent: "CONFIRMATION LIMIT NEAR: the alert e-mail could not be sent",
    fields: { used, limit },
  };
}

export const NO_CONFIRMATION = "released from spam: no late confirmation";

const REFUSALS = {
  "address-limit": "this address already got a confirmation in the last 24 hours",
  "daily-limit": "the daily confirmation limit is reached",
  "client-limit": "the client that sent it reached its daily confirmation limit",
} as const;

/** The add-on over `limits` (Blobs store `demo-request-limits` in production); when `limits` throws, none is sent. */
export function confirmationAddOn(limits: () => ConfirmationLimits): AddOn {
  const channel: DeliveryChannel = {
    name: "confirmation",
    plan(lead) {
      // The prospect was answered at arrival; a confirmation days later would confuse more than it tells.
      if (lead.released) return { skip: NO_CONFIRMATION };
      if (lead.state === "sent") return "send";
      return lead.state === "pending" ? "wait" : { skip: "the sales e-mail was not delivered" };
    },
    async send(lead, { config, mailer, retry, addOns, now }) {
      const fields = { requestId: lead.id, to: maskEmail(lead.request.email) };
      const skip = (reason: string) => {
        logInfo("confirmation skipped", { ...fields, reason });
        return { status: "skipped" as const, reason, attempts: 0 };
      };
      if (!config.confirmation) return skip("CONFIRMATION_EMAIL=off");
      if (lead.suspectedSpam) return skip("suspected spam");
      let notice: DeliveryNotice | undefined;
      if (lead.deliveries.confirmation.attempts === 0) {
        let verdict: ConfirmationVerdict;
        try {
          verdict = await limits().reserve(lead.request.email, lead.id, lead.clientKey);
        } catch (error) {
          // Without the bounds the form could mail anyone without limit: no confirmation then.
          logError("confirmation skipped: its limits could not be checked", {
            ...fields,
            reason: errorName(error),
          });
          return { status: "skipped", reason: "its limits could not be checked", attempts: 0 };
        }
        if (!verdict.allowed) return skip(REFUSALS[verdict.reason]);
        if (verdict.nearDailyLimit) notice = limitNearNotice(verdict.nearDailyLimit, now());
      }
      const message = buildConfirmationEmail({
        to: lead.request.email,
        mailFrom: config.mailFrom,
        requestId: lead.id,
        contact: site.contactDetails,
        // The sealed reference matches a booking to its lead (docs/decisions/0032-bookings-by-uid.md).
        bookingUrl: addOns.map((addOn) => addOn.bookingUrl?.(lead.id)).find(Boolean),
      });
      const result = await sendWithRetry(mailer, message, retry);
      if (result.status !== "sent") {
        logError("confirmation not accepted", { ...fields, status: result.code, error: result.error });
      }
      return notice ? { ...result, notice } : result;
    },
  };
  return { name: "confirmation", channel: { lane: "after-sales", channel } };
}
