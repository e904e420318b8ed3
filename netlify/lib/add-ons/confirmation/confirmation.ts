/**
 * The prospect's confirmation channel, sent once the sales e-mail is accepted (docs/decisions/0019-lead-path.md).
 * It holds no visitor text (docs/decisions/0010-confirmation-limits.md); a lead reserves its place within the
 * bounds once, so a retry does not count twice.
 */
import { bookingReference, prefilledBookingUrl } from "../booking/booking-reference";
import site from "../../../../content/site.json";
import type { DeliveryChannel, DeliveryNotice } from "../../core/delivery/delivery-channel";
import type { ConfirmationLimits, ConfirmationVerdict } from "./confirmation-limits";
import { errorName, logError, logInfo, maskEmail } from "../../kit/log";
import { sendWithRetry } from "../../core/delivery/mailer";
import { buildConfirmationEmail, type ContactDetails } from "./confirmation-message";

export const CONTACT_DETAILS: ContactDetails = site.contactDetails;

const REFUSALS = {
  "address-limit": "this address already got a confirmation in the last 24 hours",
  "daily-limit": "the daily confirmation limit is reached",
  "client-limit": "the client that sent it reached its daily confirmation limit",
} as const;

/** The channel over `limits`; a `limits` that throws refuses every confirmation. */
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
        // The sealed reference matches a booking to its lead (docs/decisions/0032-bookings-by-uid.md).
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
