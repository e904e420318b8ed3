/**
 * The function's answer, built once from what happened (issue 14, "decide the format at the
 * edge"): JSON for the page's script, or for the form posted without JavaScript (issue 6) a
 * 303 to the thanks page or an HTML error page with the same status.
 *
 * | Outcome                       | JSON                                  | HTML                 |
 * |-------------------------------|---------------------------------------|----------------------|
 * | received, delivered           | 200 `{ ok: true }`                    | 303 /contact/thanks  |
 * | received, stored, not yet     | 202 `{ ok: true, status: "pending" }` | 303 /contact/thanks  |
 * | either, with BOOKING_URL set  | the same plus `bookingUrl` (issue 16) | 303 /contact/thanks/<id> |
 * | rejected (parse-request.ts)   | its status `{ error, fields? }`       | its status, page     |
 * | conflict (id reused, issue 13)| 409 `{ error: ID_CONFLICT }`          | 409, page            |
 * | misconfigured                 | 500 "Server misconfigured"            | 500, page            |
 * | undeliverable                 | 502 (neither stored nor sent)         | 502, page            |
 */
import { errorPageCsp, renderErrorPage } from "../pages/error-page";
import { json, SECURITY_HEADERS } from "../http";
import type { Rejection } from "./parse-request";

export type Outcome =
  | {
      kind: "received";
      delivered: boolean;
      /** The prefilled booking link and the lead it is for (issue 16), when BOOKING_URL is set. */
      booking?: { url: string; leadId: string };
    }
  | ({ kind: "rejected" } & Rejection)
  | { kind: "conflict" }
  | { kind: "misconfigured" }
  | { kind: "undeliverable" };

/** How the answer is written: JSON, or HTML for a browser navigating away from /contact. */
export type AnswerFormat = "json" | "html";

/** Where a successful no-JS submit lands (src/pages/contact/thanks.tsx; the site has no trailing slashes). */
export const THANKS_PATH = "/contact/thanks";

const UNDELIVERABLE = "The demo request could not be delivered. Please try again.";

/** The 409 answer's text: it says nothing about the request stored under that id (issue 13). */
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

/** The HTTP answer for `outcome` in `format` (see the module comment). */
export async function respond(outcome: Outcome, format: AnswerFormat): Promise<Response> {
  if (outcome.kind === "received") {
    const { booking } = outcome;
    if (format === "html") {
      // With a booking page, the thanks page that can show the link (netlify/lib/pages/thanks-page.ts).
      const location = booking ? `${THANKS_PATH}/${booking.leadId}` : THANKS_PATH;
      return new Response(null, {
        status: 303,
        headers: { ...SECURITY_HEADERS, location, "content-type": "text/plain" },
      });
    }
    const extra = booking ? { bookingUrl: booking.url } : {};
    return outcome.delivered
      ? json(200, { ok: true, ...extra })
      : json(202, { ok: true, status: "pending", ...extra });
  }
  const { status, error, fields, headers } = failure(outcome);
  if (format === "json") return json(status, fields ? { error, fields } : { error }, headers);
  return new Response(renderErrorPage(error, fields), {
    status,
    headers: {
      ...SECURITY_HEADERS,
      ...headers,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": await errorPageCsp(),
    },
  });
}
