/**
 * The confirmation channel (docs/requirements.md#the-demo-request-end-to-end,
 * docs/decisions/0019-lead-path.md): the prospect's confirmation, sent once the sales
 * e-mail is accepted and skipped when that one was not delivered (a person follows up instead).
 * Under the rules of docs/decisions/0010-confirmation-limits.md it holds no visitor text, and it is skipped
 * with CONFIRMATION_EMAIL=off, for suspected spam (netlify/lib/core/spam/spam.ts), past the per-address or
 * daily bound (netlify/lib/add-ons/confirmation/confirmation-limits.ts) or when those bounds cannot be checked;
 * every skip is logged with the request id and the masked address. A lead reserves its place within the
 * bounds once, on its first attempt, so the retry job may send that same confirmation again after a failure
 * without counting it twice.
 */
import { bookingReference } from "../booking/booking-reference";
import { prefilledBookingUrl } from "../booking/booking-url";
import site from "../../../../content/site.json";
import type { DeliveryChannel, DeliveryNotice } from "../../core/delivery/delivery-channel";
import type { ConfirmationLimits, ConfirmationVerdict } from "./confirmation-limits";
import { errorName, logError, logInfo, maskEmail } from "../../kit/log";
import { sendWithRetry } from "../../core/delivery/mailer";
import { buildConfirmationEmail, type ContactDetails } from "../../core/delivery/messages";

/** The company's contact details the confirmation shows (content/site.json, validated at build). */
export const CONTACT_DETAILS: ContactDetails = site.contactDetails;

const REFUSALS = {
  "address-limit": "this address already got a confirmation in the last 24 hours",
  "daily-limit": "the daily confirmation limit is reached",
  "client-limit": "the client that sent it reached its daily confirmation limit",
} as const;

/**
 * The confirmation channel over `limits` (the bounds; a function that throws refuses every
 * confirmation, as a store that cannot be reached does).
 */
export function confirmationChannel(limits: () => ConfirmationLimits): DeliveryChannel {
  return {
    name: "confirmation",
    plan(lead) {
      if (lead.state === "sent") return "send";
      return lead.state === "pending" ? "wait" : { skip: "the sales e-mail was not delivered" };
    },
    async send(lead, { config, mailer, retry }) {
      const fields = { requestId: lead.id, to: maskEmail(lead.request.email) };
      const skip = (reason: string) => {
        logInfo("confirmation skipped", { ...fields, reason });
        return { status: "skipped" as const, reason, attempts: 0 };
      };
      if (!config.confirmationEmail) return skip("CONFIRMATION_EMAIL=off");
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
        if (verdict.nearDailyLimit) notice = { kind: "confirmation-limit-near", ...verdict.nearDailyLimit };
      }
      const message = buildConfirmationEmail({
        to: lead.request.email,
        mailFrom: config.mailFrom,
        requestId: lead.id,
        contact: CONTACT_DETAILS,
        // The sealed reference, not the typed name: a booking from this link is matched to its lead
        // as surely as one made right after the request (docs/decisions/0032-bookings-by-uid.md).
        bookingUrl: config.bookingUrl
          ? prefilledBookingUrl(config.bookingUrl, undefined, bookingReference(lead.id, config.formSecret))
          : undefined,
      });
      const result = await sendWithRetry(mailer, message, retry);
      if (result.status !== "sent") {
        logError("confirmation not accepted", { ...fields, status: result.code, error: result.error });
      }
      return notice ? { ...result, notice } : result;
    },
  };
}
