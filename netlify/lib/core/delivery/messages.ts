/**
 * The two e-mails a demo request produces (docs/requirements.md#the-demo-request-end-to-end): the lead for
 * the sales inbox and the confirmation for the prospect. Every visitor value is HTML-escaped in HTML bodies
 * (escape-html), and CR/LF is removed from subjects so a value cannot inject headers. Visitor text goes to
 * sales only; the confirmation holds none (docs/decisions/0010-confirmation-limits.md).
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

/** A message in the shape `@sendgrid/mail` sends (the subset we use). */
export interface MailMessage {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Custom arguments SendGrid echoes in events; we tag each message with the request id. */
  customArgs?: Record<string, string>;
  /** SendGrid's sandbox mode: the message is checked and answered like any other, never delivered. */
  sandbox?: boolean;
}

/** The promise repeated to the prospect (spec section 1: contact within 24 hours). */
export const FOLLOW_UP_PROMISE = "Our team will contact you within 24 hours to schedule your demo.";

/**
 * Longest subject we send, in characters; longer visitor text is cut with an ellipsis
 * (docs/requirements.md#spam-defence).
 */
export const MAX_SUBJECT_LENGTH = 200;

/**
 * The words of the link to a lead's claim page (docs/requirements.md#follow-up), the same in every
 * message that carries it.
 */
export const CLAIM_LINK_TEXT = "Claim or update this lead";

/** Subject prefix of a demo request one of the spam layers suspects (netlify/lib/core/spam/spam.ts). */
export const SUSPECTED_SPAM_PREFIX = "[Suspected spam]";

/** `subject` cut to MAX_SUBJECT_LENGTH characters with an ellipsis, never inside a surrogate pair. */
export function capSubject(subject: string): string {
  if (subject.length <= MAX_SUBJECT_LENGTH) return subject;
  let cut = subject.slice(0, MAX_SUBJECT_LENGTH - 1);
  // A cut between the two halves of a surrogate pair (an emoji) would leave invalid text.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}\u2026`;
}

/**
 * The message as a quoted block: every line starts with "> ", so no line a visitor types can
 * pose as one of the e-mail's own field lines (docs/requirements.md#spam-defence: the plain-text
 * sales e-mail "cannot be forged by visitor text").
 */
function quoted(message: string): string {
  return message
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => `> ${line}`)
    .join("\n");
}

/**
 * The "Source" section's lines (docs/decisions/0024-lead-attribution.md), e.g. `["utm_source: linkedin"]`, or
 * one saying there is none.
 */
function sourceLines(attribution: Attribution | undefined): string[] {
  const entries = attributionEntries(attribution);
  return entries.length > 0 ? entries.map(([key, value]) => `${key}: ${value}`) : ["(none recorded)"];
}

/**
 * The lead e-mail to sales: to `salesEmail`, from `mailFrom`, reply-to the prospect; one line
 * per field, named by the form's label. `receivedAt` is shown as an ISO 8601 UTC timestamp.
 * The one-line fields come first (they cannot hold line breaks), then a short "Source" section
 * with where the visit came from (docs/decisions/0024-lead-attribution.md; its values hold no line
 * breaks either), the multi-line message last as a quoted block (docs/requirements.md#spam-defence).
 * With `suspectedSpam` the subject starts
 * with "[Suspected spam]" and the body states the reason first. With `claimUrl` it carries the
 * link to the lead's claim page (docs/requirements.md#follow-up). With `emailClass` the subject
 * carries its tag ("Demo request [free mail]: ...", none for a company address) and the body names
 * the class and domain (docs/requirements.md#lead-quality).
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
    /** The lead's signed claim page (netlify/lib/add-ons/follow-up/claim-link.ts). */
    claimUrl?: string;
    /** The class of the prospect's address (netlify/lib/add-ons/email-class/email-class.ts). */
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

/** The company's contact details (content/site.json `contactDetails`). */
export interface ContactDetails {
  email: string;
  phone: string;
}

/**
 * The booking invitation in the confirmation (docs/decisions/0023-booking-link.md), our words before
 * BOOKING_URL.
 */
export const BOOKING_INVITATION = "Or book a time that suits you now:";

/**
 * The confirmation to the prospect (docs/decisions/0010-confirmation-limits.md): a fixed text holding nothing
 * the visitor typed, only the 24-hour promise, the request's reference (its id, a UUID) and the company's
 * contact details. The visitor's address is only its recipient. With `bookingUrl` (BOOKING_URL, decision
 * 0023) it also offers the plain booking page, never prefilled: the name typed into the form must not travel
 * to an address that may not be the visitor's (decision 0023).
 */
export function buildConfirmationEmail(meta: {
  to: string;
  mailFrom: string;
  requestId: string;
  contact: ContactDetails;
  bookingUrl?: string;
}): MailMessage {
  const thanks = `Thank you for requesting a demo. ${FOLLOW_UP_PROMISE}`;
  const reference = `Your reference: ${meta.requestId}`;
  const contact = `Questions in the meantime? E-mail ${meta.contact.email} or call ${meta.contact.phone}.`;
  const notYou = "If you did not request a demo, please ignore this e-mail.";
  const booking = meta.bookingUrl;
  const paragraphs = [
    thanks,
    ...(booking ? [`${BOOKING_INVITATION} ${booking}`] : []),
    reference,
    contact,
    notYou,
  ];
  const bookingHtml = booking
    ? `<p>${escapeHtml(BOOKING_INVITATION)} <a href="${escapeHtml(booking)}">Book a time now</a></p>`
    : "";
  return {
    to: meta.to,
    from: meta.mailFrom,
    subject: "We received your demo request",
    text: ["Hello,", ...paragraphs].join("\n\n") + "\n",
    html: [`<p>Hello,</p><p>${escapeHtml(thanks)}</p>`, bookingHtml]
      .concat([reference, contact, notYou].map((line) => `<p>${escapeHtml(line)}</p>`))
      .join(""),
    customArgs: { requestId: meta.requestId, kind: "confirmation" },
  };
}
