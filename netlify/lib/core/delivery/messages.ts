/** What every message we send shares: its shape, common texts, the subject's cap (docs/decisions/0037-email-layout.md). */

export interface MailMessage {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  customArgs?: Record<string, string>;
  sandbox?: boolean;
  /** Files as SendGrid takes them: `content` in base64. */
  attachments?: { content: string; filename: string; type: string; disposition: "attachment" }[];
}

export const FOLLOW_UP_PROMISE = "Our team will contact you within 24 hours to schedule your demo.";

export const PROMISE_HOURS = 24;

export const MAX_SUBJECT_LENGTH = 200;

/** The claim link's words in reminders and chat messages, where it also opens a claimed lead. */
export const CLAIM_LINK_TEXT = "Claim or update this lead";

export const CLAIM_BUTTON_TEXT = "Claim this lead";

export const SUSPECTED_SPAM_PREFIX = "[Suspected spam]";

/** The short reference a prospect is given and sales searches by: the lead id's first 8 hex characters. */
export function shortReference(leadId: string): string {
  return leadId.slice(0, 8);
}

/** `subject` cut to MAX_SUBJECT_LENGTH characters with an ellipsis, never inside a surrogate pair. */
export function capSubject(subject: string): string {
  if (subject.length <= MAX_SUBJECT_LENGTH) return subject;
  let cut = subject.slice(0, MAX_SUBJECT_LENGTH - 1);
  // A cut between the two halves of a surrogate pair (an emoji) would leave invalid text.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}\u2026`;
}
