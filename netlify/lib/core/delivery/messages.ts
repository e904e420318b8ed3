/**
 * The sales e-mail and the confirmation (docs/requirements.md#the-demo-request-end-to-end). Visitor values are
 * escaped in HTML and kept off header lines; the confirmation holds none (docs/decisions/0010-confirmation-limits.md).
 */
import escapeHtml from "escape-html";
import {
  attributionEntries,
  DEMO_REQUEST_FIELDS,
  type Attribution,
  type DemoRequest,
} from "../../../../src/lib/demo-request";
import { singleLine } from "../../kit/text";
import { emailClassLine, emailClassTag, type EmailClass } from "../leads/lead-email-class";

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

export const MAX_SUBJECT_LENGTH = 200;

export const CLAIM_LINK_TEXT = "Claim or update this lead";

export const SUSPECTED_SPAM_PREFIX = "[Suspected spam]";

/** `subject` cut to MAX_SUBJECT_LENGTH characters with an ellipsis, never inside a surrogate pair. */
export function capSubject(subject: string): string {
  if (subject.length <= MAX_SUBJECT_LENGTH) return subject;
  let cut = subject.slice(0, MAX_SUBJECT_LENGTH - 1);
  // A cut between the two halves of a surrogate pair (an emoji) would leave invalid text.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}\u2026`;
}

/** The message quoted with "> ", so no line a visitor types can pose as one of the e-mail's field lines. */
function quoted(message: string): string {
  return message
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => `> ${line}`)
    .join("\n");
}

/** The "Source" section's lines (docs/decisions/0024-lead-attribution.md). */
function sourceLines(attribution: Attribution | undefined): string[] {
  const entries = attributionEntries(attribution);
  return entries.length > 0 ? entries.map(([key, value]) => `${key}: ${value}`) : ["(none recorded)"];
}

/**
 * The lead e-mail to sales, reply-to the prospect: one-line fields first, then the source, the message last
 * as a quoted block; a suspicion prefixes the subject, and the e-mail class tags it.
 */
export function buildSalesEmail(
  request: DemoRequest,
  meta: {
    salesEmail: string;
    mailFrom: string;
    receivedAt: Date;
    requestId: string;
    suspectedSpam?: string;
    attribution?: Attribution;
    claimUrl?: string;
    emailClass?: EmailClass;
  },
): MailMessage {
  const received = meta.receivedAt.toISOString();
  const source = sourceLines(meta.attribution);
  const lines = DEMO_REQUEST_FIELDS.filter((row) => row.input !== "textarea");
  const blocks = DEMO_REQUEST_FIELDS.filter((row) => row.input === "textarea");
  const rows = lines.map((row) => [row.label, request[row.name] || "(none)"] as const);
  const suspicion = meta.suspectedSpam ? `Suspected spam: ${meta.suspectedSpam}` : undefined;
  const text = [
    "New demo request",
    "",
    ...(suspicion ? [suspicion, ""] : []),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(meta.emailClass ? [`E-mail class: ${emailClassLine(meta.emailClass)}`] : []),
    `Received: ${received}`,
    `Request id: ${meta.requestId}`,
    ...(meta.claimUrl ? ["", `${CLAIM_LINK_TEXT}: ${meta.claimUrl}`] : []),
    "",
    "Source",
    ...source.map((line) => `  ${line}`),
    ...blocks.flatMap((row) => [
      "",
      `${row.label} (as typed by the prospect, each line quoted with "> "):`,
      quoted(request[row.name] || "(none)"),
    ]),
  ].join("\n");
  const htmlRows = [...rows, ...blocks.map((row) => [row.label, request[row.name] || "(none)"] as const)]
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${label}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html =
    `<h1>New demo request</h1>` +
    (suspicion ? `<p><strong>${escapeHtml(suspicion)}</strong></p>` : "") +
    `<table cellpadding="4">${htmlRows}` +
    (meta.emailClass
      ? `<tr><th align="left">E-mail class</th><td>${escapeHtml(emailClassLine(meta.emailClass))}</td></tr>`
      : "") +
    `<tr><th align="left">Received</th><td>${received}</td></tr>` +
    `<tr><th align="left">Request id</th><td>${escapeHtml(meta.requestId)}</td></tr></table>` +
    (meta.claimUrl ? `<p><a href="${escapeHtml(meta.claimUrl)}">${CLAIM_LINK_TEXT}</a></p>` : "") +
    `<h2>Source</h2><ul>${source.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;
  // The class where sales scans: a short tag in the subject, none for a company address.
  const tag = emailClassTag(meta.emailClass);
  const subject = singleLine(
    `Demo request${tag ? ` ${tag}` : ""}: ${request.firstName} ${request.lastName} (${request.company})`,
  );
  return {
    to: meta.salesEmail,
    from: meta.mailFrom,
    replyTo: request.email,
    subject: capSubject(meta.suspectedSpam ? `${SUSPECTED_SPAM_PREFIX} ${subject}` : subject),
    text,
    html,
    customArgs: { requestId: meta.requestId, kind: "sales" },
  };
}

export interface ContactDetails {
  email: string;
  phone: string;
}

export const BOOKING_INVITATION = "Or book a time that suits you now:";

/**
 * The confirmation: fixed text with no visitor input (docs/decisions/0010-confirmation-limits.md); the booking
 * page is never prefilled, since the address may not be the visitor's (docs/decisions/0023-booking-link.md).
 */
export function buildConfirmationEmail(meta: {
  to: string;
  mailFrom: string;
  requestId: string;
  contact: ContactDetails;
  bookingUrl?: string;
}): MailMessage {
  const booking = meta.bookingUrl;
  const bookingLine = booking && `${BOOKING_INVITATION} ${booking}`;
  const lines = [
    "Hello,",
    `Thank you for requesting a demo. ${FOLLOW_UP_PROMISE}`,
    ...(bookingLine ? [bookingLine] : []),
    `Your reference: ${meta.requestId}`,
    `Questions in the meantime? E-mail ${meta.contact.email} or call ${meta.contact.phone}.`,
    "If you did not request a demo, please ignore this e-mail.",
  ];
  // In HTML the booking page is a link named "Book a time now", not its address.
  const bookingHtml = `${escapeHtml(BOOKING_INVITATION)} <a href="${escapeHtml(booking ?? "")}">Book a time now</a>`;
  return {
    to: meta.to,
    from: meta.mailFrom,
    subject: "We received your demo request",
    text: lines.join("\n\n") + "\n",
    html: lines.map((line) => `<p>${line === bookingLine ? bookingHtml : escapeHtml(line)}</p>`).join(""),
    customArgs: { requestId: meta.requestId, kind: "confirmation" },
  };
}
