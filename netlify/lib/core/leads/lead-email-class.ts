/**
 * The class of a lead's e-mail address as the lead stores it and sales reads it
 * (docs/requirements.md#lead-quality, docs/decisions/0031-email-classification.md): the shape and
 * its words. The classifier, with its lists, is the email-class add-on
 * (netlify/lib/add-ons/email-class/email-class.ts).
 */

export const EMAIL_CLASSES = ["company", "free", "isp", "disposable"] as const;
export type EmailClassName = (typeof EMAIL_CLASSES)[number];

/** An address's class, e.g. `{ class: "free", domain: "gmail.com", role: false }`. */
export interface EmailClass {
  class: EmailClassName;
  /** The domain as compared: lower case, ASCII (punycode). */
  domain: string;
  /** A role address such as `info@` or `sales@`. */
  role: boolean;
}

const TAGS: Record<EmailClassName, string | undefined> = {
  company: undefined,
  free: "[free mail]",
  isp: "[ISP]",
  disposable: "[disposable]",
};

/** The short tags for an e-mail subject or a message's first line, e.g. "[free mail] [role address]"; "" for a company address. */
export function emailClassTag(emailClass: EmailClass | undefined): string {
  if (!emailClass) return "";
  return [TAGS[emailClass.class], emailClass.role ? "[role address]" : undefined].filter(Boolean).join(" ");
}

const WORDS: Record<EmailClassName, string> = {
  company: "Company domain (not a known free or disposable provider, not a verified employer)",
  free: "Free mail",
  isp: "Internet provider's mailbox",
  disposable: "Disposable address",
};

/** One line for a message body, e.g. "Free mail: gmail.com" or "Company domain (...): bhp.com; a role address". */
export function emailClassLine(emailClass: EmailClass): string {
  return `${WORDS[emailClass.class]}: ${emailClass.domain}${emailClass.role ? "; a role address" : ""}`;
}

/** One CSV cell, e.g. "free" or "company, role". */
export function emailClassCell(emailClass: EmailClass): string {
  return emailClass.role ? `${emailClass.class}, role` : emailClass.class;
}
