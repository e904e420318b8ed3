/**
 * The email-class add-on (docs/decisions/0031-email-classification.md): its judge stores each lead's class
 * (netlify/lib/kit/email-lists.ts) and turns a disposable address's request suspected.
 */
import type { AddOn } from "../../core/add-on";
import type { LeadColumn } from "../../core/plugin";
import { emailClassCell } from "../../core/leads/lead-record";
import type { SpamVerdict } from "../../core/spam/spam";
import type { EmailClass } from "../../kit/email-class";
import { classifyEmail, emailClassOf } from "../../kit/email-lists";

/** A `disposable` address makes a request suspected; any other class is a signal for sales, never a rejection. */
export function withEmailClass(verdict: SpamVerdict, emailClass: EmailClass): SpamVerdict {
  if (emailClass.class !== "disposable" || verdict.kind === "spam") return verdict;
  const reason = `disposable e-mail address (${emailClass.domain})`;
  return {
    kind: "suspected",
    reason: verdict.kind === "suspected" ? `${verdict.reason}; ${reason}` : reason,
  };
}

export const emailClassAddOn: AddOn = {
  name: "email-class",
  judge(request, verdict) {
    const emailClass = classifyEmail(request.email);
    return { verdict: withEmailClass(verdict, emailClass), lead: { emailClass } };
  },
};

/** The leads export's `emailClass` column: the stored class, or the one its address has now (docs/decisions/0045-privacy-hooks.md). */
export const EMAIL_CLASS_COLUMN: LeadColumn = ["emailClass", (lead) => emailClassCell(emailClassOf(lead))];
