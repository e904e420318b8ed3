/**
 * The function's answer (docs/requirements.md#lead-path-and-alerts): JSON for the page's script; for the no-JS form
 * a 303 to the thanks page or an HTML error page with the same status.
 */
import escapeHtml from "escape-html";
import { DEMO_REQUEST_FIELDS } from "../../../../src/lib/demo-request";
import { htmlPage, htmlResponse } from "../../kit/html-page";
import { json, SECURITY_HEADERS } from "../../kit/http";
import type { Rejection } from "./parse-request";

export type Outcome =
  | { kind: "received"; delivered: boolean; leadId: string }
  | ({ kind: "rejected" } & Rejection)
  | { kind: "conflict" }
  | { kind: "misconfigured" }
  | { kind: "undeliverable" };

export type AnswerFormat = "json" | "html";

/** The booking offer: the prefilled link, and for the no-JS form a one-time thanks-page ticket. */
export interface BookingOffer {
  url: string;
  ticket?: string;
}

/** Where a successful no-JS submit lands (the site has no trailing slashes). */
export const THANKS_PATH = "/contact/thanks";

export const ID_CONFLICT =
  "This requestId was already used for a different demo request. Send it again with a new requestId.";

const FAILURES = {
  misconfigured: { status: 500, error: "Server misconfigured" },
  undeliverable: { status: 502, error: "The demo request could not be delivered. Please try again." },
  conflict: { status: 409, error: ID_CONFLICT },
};

function errorPage(error: string, fields: Rejection["fields"] = {}): string {
  const items = DEMO_REQUEST_FIELDS.filter((row) => fields[row.name]).map(
    (row) => `<li><strong>${escapeHtml(row.label)}:</strong> ${escapeHtml(fields[row.name] ?? "")}</li>`,
  );
  const detail =
    items.length > 0
      ? `<p>Please correct the following and send the form again:</p><ul>${items.join("")}</ul>`
      : `<p>${escapeHtml(error)}</p>`;
  return htmlPage(
    "Your demo request was not sent",
    `${detail}<p>Use your browser's Back button to return to the form with what you typed, ` +
      `or <a href="/contact">open the form again</a>.</p>`,
  );
}

/** The HTTP answer for `outcome` in `format`; `booking` is offered only to a received request. */
export async function respond(
  outcome: Outcome,
  format: AnswerFormat,
  booking?: BookingOffer,
): Promise<Response> {
  if (outcome.kind === "received") {
    if (format === "html") {
      const ticket = booking?.ticket ? `?ticket=${encodeURIComponent(booking.ticket)}` : "";
      const location = booking ? `${THANKS_PATH}/${outcome.leadId}${ticket}` : THANKS_PATH;
      return new Response(null, {
        status: 303,
        headers: { ...SECURITY_HEADERS, location, "content-type": "text/plain" },
      });
    }
    const extra = { reference: outcome.leadId, ...(booking ? { bookingUrl: booking.url } : {}) };
    return outcome.delivered
      ? json(200, { ok: true, ...extra })
      : json(202, { ok: true, status: "pending", ...extra });
  }
  const failed: Omit<Rejection, "status"> & { status: number } =
    outcome.kind === "rejected" ? outcome : FAILURES[outcome.kind];
  const { status, error, fields } = failed;
  const headers: Record<string, string> = failed.allow ? { allow: failed.allow } : {};
  if (format === "json") return json(status, fields ? { error, fields } : { error }, headers);
  return htmlResponse(errorPage(error, fields), status, headers);
}
