/** The email-class add-on (docs/decisions/0031-email-classification.md). */
import type { AddOn } from "../../core/add-on";
import type { EmailClass } from "../../core/leads/lead-email-class";
import type { SpamVerdict } from "../../core/spam/spam";
import { classifyEmail } from "./email-class";

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
