/**
 * The email-class add-on (docs/decisions/0031-email-classification.md): it judges each request by
 * the class of its address, stored with the lead; a disposable address makes it suspected.
 */
import type { AddOn } from "../../core/add-on";
import type { EmailClass } from "../../core/leads/lead-email-class";
import type { SpamVerdict } from "../../core/spam/spam";
import { classifyEmail } from "./email-class";

/**
 * The verdict once the e-mail address's class is known (docs/decisions/0031-email-classification.md):
 * a `disposable` address makes a clean request suspected, and adds its reason to a suspected one;
 * a held (`spam`) request stays held. Any other class changes nothing: it is a signal for sales,
 * never a rejection.
 */
export function withEmailClass(verdict: SpamVerdict, emailClass: EmailClass): SpamVerdict {
  if (emailClass.class !== "disposable" || verdict.kind === "spam") return verdict;
  const reason = `disposable e-mail address (${emailClass.domain})`;
  return {
    kind: "suspected",
    reason: verdict.kind === "suspected" ? `${verdict.reason}; ${reason}` : reason,
  };
}

/** The add-on: classifies the address and judges the request by it. */
export const emailClassAddOn: AddOn = {
  name: "email-class",
  judge(request, verdict) {
    const emailClass = classifyEmail(request.email);
    return { verdict: withEmailClass(verdict, emailClass), lead: { emailClass } };
  },
};
