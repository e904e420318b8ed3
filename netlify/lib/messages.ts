/**
 * The two e-mails a demo request produces (issue 3): the lead for the sales inbox and
 * the confirmation for the prospect. Every visitor value is HTML-escaped in HTML bodies,
 * and CR/LF is removed from subjects so a value cannot inject headers.
 */
import { DEMO_REQUEST_FIELDS, type DemoRequest } from "../../src/lib/demo-request";
import { escapeHtml, singleLine } from "./text";

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
}

/** The promise repeated to the prospect (spec section 1: contact within 24 hours). */
export const FOLLOW_UP_PROMISE = "Our team will contact you within 24 hours to schedule your demo.";

/**
 * The lead e-mail to sales: to `salesEmail`, from `mailFrom`, reply-to the prospect; one line
 * per field, named by the form's label. `receivedAt` is shown as an ISO 8601 UTC timestamp.
 */
export function buildSalesEmail(
  request: DemoRequest,
  meta: { salesEmail: string; mailFrom: string; receivedAt: Date; requestId: string },
): MailMessage {
  const received = meta.receivedAt.toISOString();
  const rows = DEMO_REQUEST_FIELDS.map((row) => [row.label, request[row.name] || "(none)"] as const);
  const text = [
    "New demo request",
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    `Received: ${received}`,
    `Request id: ${meta.requestId}`,
  ].join("\n");
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${label}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html =
    `<h1>New demo request</h1><table cellpadding="4">${htmlRows}` +
    `<tr><th align="left">Received</th><td>${received}</td></tr>` +
    `<tr><th align="left">Request id</th><td>${escapeHtml(meta.requestId)}</td></tr></table>`;
  return {
    to: meta.salesEmail,
    from: meta.mailFrom,
    replyTo: request.email,
    subject: singleLine(`Demo request: ${request.firstName} ${request.lastName} (${request.company})`),
    text,
    html,
    customArgs: { requestId: meta.requestId, kind: "sales" },
  };
}

/** The confirmation to the prospect, repeating the 24-hour promise. */
export function buildConfirmationEmail(
  request: DemoRequest,
  meta: { mailFrom: string; requestId: string },
): MailMessage {
  const greeting = `Hello ${singleLine(request.firstName)},`;
  const body = "Thank you for requesting a demo.";
  return {
    to: request.email,
    from: meta.mailFrom,
    subject: "We received your demo request",
    text: `${greeting}\n\n${body} ${FOLLOW_UP_PROMISE}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${body} ${FOLLOW_UP_PROMISE}</p>`,
    customArgs: { requestId: meta.requestId, kind: "confirmation" },
  };
}
