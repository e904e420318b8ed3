/**
 * The function's answer, built once from what happened and the format decided at the edge
 * (docs/requirements.md#lead-path-and-alerts): JSON for the page's script, or for the form posted
 * without JavaScript (docs/requirements.md#accessibility-search-and-the-form-without-javascript) a
 * 303 to the thanks page or an HTML error page with the same status. A received request is also
 * offered the booking page when there is one (decision docs/decisions/0023-booking-link.md).
 *
 * | Outcome                       | JSON                                  | HTML                 |
 * |-------------------------------|---------------------------------------|----------------------|
 * | received, delivered           | 200 `{ ok: true, reference }`         | 303 /contact/thanks  |
 * | received, stored, not yet     | 202 `{ ok: true, status: "pending", reference }` | 303 /contact/thanks |
 * | either, with BOOKING_URL set  | the same plus `bookingUrl`            | 303 /contact/thanks/<id>?ticket=<t> |
 *
 * `reference` is the lead's id: the reference the confirmation e-mail, the sales e-mail, the
 * webhook and the CSV show; it opens nothing.
 * | rejected (parse-request.ts)   | its status `{ error, fields? }`       | its status, page     |
 * | conflict (id reused)          | 409 `{ error: ID_CONFLICT }`          | 409, page            |
 * | misconfigured                 | 500 "Server misconfigured"            | 500, page            |
 * | undeliverable                 | 502 (neither stored nor sent)         | 502, page            |
 */
import { renderErrorPage } from "./error-page";
import { htmlResponse } from "../../kit/html-page";
import { json, SECURITY_HEADERS } from "../../kit/http";
import type { Rejection } from "./parse-request";

export type Outcome =
  | { kind: "received"; delivered: boolean; leadId: string }
  | ({ kind: "rejected" } & Rejection)
  | { kind: "conflict" }
  | { kind: "misconfigured" }
  | { kind: "undeliverable" };

/** How the answer is written: JSON, or HTML for a browser navigating away from /contact. */
export type AnswerFormat = "json" | "html";

/**
 * The booking page offered to a received request: the prefilled link (JSON), and for the form
 * posted without JavaScript the one-time ticket that lets the thanks page show it (add-ons/booking/thanks-tickets.ts;
 * without one, the thanks page offers the plain booking page).
 */
export interface BookingOffer {
  url: string;
  ticket?: string;
}

/** Where a successful no-JS submit lands (src/pages/contact/thanks.tsx; the site has no trailing slashes). */
export const THANKS_PATH = "/contact/thanks";

const UNDELIVERABLE = "The demo request could not be delivered. Please try again.";

/** The 409 answer's text: it says nothing about the request stored under that id. */
export const ID_CONFLICT =
  "This requestId was already used for a different demo request. Send it again with a new requestId.";

/** The status, message and extra headers of an outcome that is not `received`. */
function failure(outcome: Exclude<Outcome, { kind: "received" }>): {
  status: number;
  error: string;
  fields?: Rejection["fields"];
  headers: Record<string, string>;
} {
  if (outcome.kind === "misconfigured") return { status: 500, error: "Server misconfigured", headers: {} };
  if (outcome.kind === "undeliverable") return { status: 502, error: UNDELIVERABLE, headers: {} };
  if (outcome.kind === "conflict") return { status: 409, error: ID_CONFLICT, headers: {} };
  const headers: Record<string, string> = outcome.allow ? { allow: outcome.allow } : {};
  return { status: outcome.status, error: outcome.error, fields: outcome.fields, headers };
}

/**
 * The HTTP answer for `outcome` in `format` (see the module comment); `booking`, when set, is
 * offered only if the request was received.
 */
export async function respond(
  outcome: Outcome,
  format: AnswerFormat,
  booking?: BookingOffer,
): Promise<Response> {
  if (outcome.kind === "received") {
    if (format === "html") {
      // With a booking page, the thanks page that can show the link (add-ons/booking/thanks-page.ts).
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
  const { status, error, fields, headers } = failure(outcome);
  if (format === "json") return json(status, fields ? { error, fields } : { error }, headers);
  return htmlResponse(renderErrorPage(error, fields), status, headers);
}
