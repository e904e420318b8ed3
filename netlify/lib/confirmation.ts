/**
 * The confirmation e-mail to the prospect (issue 3), under the rules of issue 13: none with
 * CONFIRMATION_EMAIL=off, none for suspected spam (netlify/lib/spam.ts), none past the per-address or daily bound
 * (netlify/lib/confirmation-limits.ts), and none when those bounds cannot be checked. Every skip
 * is logged with the request id and the masked address. Used by the request handler and the
 * retry job alike.
 */
import site from "../../content/site.json";
import type { ServerConfig } from "./config";
import type { ConfirmationLimits } from "./confirmation-limits";
import type { LeadRecord } from "./lead-store";
import { logError, logInfo } from "./log";
import type { Mailer } from "./mailer";
import { buildConfirmationEmail, type ContactDetails } from "./messages";
import { maskEmail } from "./text";

/** The company's contact details the confirmation shows (content/site.json, validated at build). */
export const CONTACT_DETAILS: ContactDetails = site.contactDetails;

export interface ConfirmationDeps {
  mailer: Mailer;
  config: Pick<ServerConfig, "mailFrom" | "confirmationEmail">;
  limits: ConfirmationLimits;
}

const REFUSALS = {
  "address-limit": "this address already got a confirmation in the last 24 hours",
  "daily-limit": "the daily confirmation limit is reached",
} as const;

/**
 * Sends `record`'s confirmation when the rules allow it. Never throws.
 * @returns true when SendGrid accepted a confirmation, false when it was skipped or failed
 */
export async function sendConfirmation(deps: ConfirmationDeps, record: LeadRecord): Promise<boolean> {
  const fields = { requestId: record.id, to: maskEmail(record.request.email) };
  if (!deps.config.confirmationEmail) {
    logInfo("confirmation skipped", { ...fields, reason: "CONFIRMATION_EMAIL=off" });
    return false;
  }
  if (record.suspectedSpam) {
    logInfo("confirmation skipped", { ...fields, reason: "suspected spam" });
    return false;
  }
  let verdict;
  try {
    verdict = await deps.limits.reserve(record.request.email, record.id);
  } catch (error) {
    // Without the bounds the form could mail anyone without limit: no confirmation then.
    logError("confirmation skipped: its limits could not be checked", {
      ...fields,
      reason: error instanceof Error ? error.name : "unknown",
    });
    return false;
  }
  if (!verdict.allowed) {
    logInfo("confirmation skipped", { ...fields, reason: REFUSALS[verdict.reason] });
    return false;
  }
  const result = await deps.mailer.send(
    buildConfirmationEmail({
      to: record.request.email,
      mailFrom: deps.config.mailFrom,
      requestId: record.id,
      contact: CONTACT_DETAILS,
    }),
  );
  if (result.status === "sent") return true;
  logError("confirmation not accepted", { ...fields, status: result.code, error: result.error });
  return false;
}
