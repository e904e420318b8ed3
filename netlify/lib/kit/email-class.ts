/** The e-mail classes a lead's address can have (docs/decisions/0031-email-classification.md); no list loads here. */
export const EMAIL_CLASSES = ["company", "free", "isp", "disposable"] as const;
export type EmailClassName = (typeof EMAIL_CLASSES)[number];

export type EmailClass = { class: EmailClassName; domain: string; role: boolean };
