/**
 * The function's answer from the outcome, in the format decided at the edge (docs/requirements.md#lead-path-and-alerts):
 * JSON for the page's script, or for the no-JS form a 303 to the thanks page or an HTML error page with the
 * same status. `reference` is the lead's id; it opens nothing.
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

export type AnswerFormat = "json" | "html";

/** The booking offer: the prefilled link, and for the no-JS form a one-time thanks-page ticket. */
export interface BookingOffer {
  url: string;
  ticket?: string;
}

/** Where a successful no-JS submit lands (the site has no trailing slashes). */
export const THANKS_PATH = "/contact/thanks";

const UNDELIVERABLE = "The demo request could not be delivered. Please try again.";

/** The 409 answer's text: it says nothing about the request stored under that id. */
export const ID_CONFLICT =
  "This requestId was already used for a different demo request. Send it again with a new requestId.";

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
  const { status, error, fields, headers } = failure(outcome);
  if (format === "json") return json(status, fields ? { error, fields } : { error }, headers);
  return htmlResponse(renderErrorPage(error, fields), status, headers);
}
