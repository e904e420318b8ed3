/** The e-mail class as a lead stores it and sales reads it (docs/decisions/0031-email-classification.md). */

export const EMAIL_CLASSES = ["company", "free", "isp", "disposable"] as const;
export type EmailClassName = (typeof EMAIL_CLASSES)[number];

export type EmailClass = { class: EmailClassName; domain: string; role: boolean };

const LABELS: Record<EmailClassName, string> = {
  company: "company domain",
  free: "free mail",
  isp: "ISP",
  disposable: "disposable",
};

/** The class in short labels, e.g. ["free mail", "role address"] or ["company domain"]. */
export function emailClassLabels(emailClass: EmailClass): string[] {
  return [LABELS[emailClass.class], ...(emailClass.role ? ["role address"] : [])];
}

/** Tags for a subject or first line, e.g. "[free mail] [role address]"; "" for a company address. */
export function emailClassTag(emailClass: EmailClass | undefined): string {
  if (!emailClass) return "";
  return emailClassLabels(emailClass)
    .filter((label) => label !== LABELS.company)
    .map((label) => `[${label}]`)
    .join(" ");
}

const WORDS: Record<EmailClassName, string> = {
  company: "Company domain",
  free: "Free mail",
  isp: "Internet provider's mailbox",
  disposable: "Disposable address",
};

/** One line for a message body or the claim page's tag, e.g. "Free mail: gmail.com". */
export function emailClassLine(emailClass: EmailClass): string {
  return `${WORDS[emailClass.class]}: ${emailClass.domain}${emailClass.role ? "; a role address" : ""}`;
}

/** One CSV cell, e.g. "free" or "company, role". */
export function emailClassCell(emailClass: EmailClass): string {
  return emailClass.role ? `${emailClass.class}, role` : emailClass.class;
}
