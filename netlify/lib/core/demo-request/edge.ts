/**
 * The demo request's HTTP edge (docs/requirements.md#the-demo-request-end-to-end): a request as a checked demo request
 * or a typed rejection, the honeypot judged after every check (docs/decisions/0011-spam-defence-layers.md); an outcome
 * as JSON, or for the no-JS form a 303 to the thanks page or an HTML error page with the same status.
 */
import escapeHtml from "escape-html";
import {
  DEMO_REQUEST_FIELDS,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  LEGACY_HONEYPOT_FIELD,
  attributionSchema,
  demoRequestSchema,
  fieldErrors,
  type DemoRequestField,
} from "../../../../src/lib/demo-request";
import {
  BodyTooLargeError,
  isAllowedOrigin,
  hasMediaType,
  MAX_BODY_BYTES,
  json,
  readLimitedText,
  SECURITY_HEADERS,
} from "../../kit/http";
import { htmlPage, htmlResponse } from "../../kit/html-page";
import { isUuid } from "../leads/lead-address";

const ATTRIBUTION_FIELD = "attribution";

const ALLOWED_KEYS = new Set<string>([
  ...DEMO_REQUEST_FIELDS.map((row) => row.name),
  HONEYPOT_FIELD,
  LEGACY_HONEYPOT_FIELD,
  FORM_TOKEN_FIELD,
  "requestId",
  ATTRIBUTION_FIELD,
]);

const EXTRA_FIELD_LIMIT = { [HONEYPOT_FIELD]: 1000, [LEGACY_HONEYPOT_FIELD]: 1000, [FORM_TOKEN_FIELD]: 200 };

export interface Rejection {
  status: 400 | 403 | 405 | 413 | 415 | 422;
  error: string;
  fields?: Partial<Record<DemoRequestField, string>>;
  allow?: string;
}

function reject(
  status: Rejection["status"],
  error: string,
  extra: Omit<Rejection, "status" | "error"> = {},
): { kind: "rejected" } & Rejection {
  return { kind: "rejected", status, error, ...extra };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Decodes a form-encoded body; undefined when a name repeats. `__proto__` is an own key the key check rejects. */
export function parseFormBody(raw: string): Record<string, string> | undefined {
  const pairs = [...new URLSearchParams(raw)];
  return new Set(pairs.map(([key]) => key)).size === pairs.length ? Object.fromEntries(pairs) : undefined;
}

/** Reads and checks `req` against `origin` and the answer `format`. Never throws: problems become rejections. */
export async function parseDemoRequest(
  req: Request,
  origin: { siteOrigin?: string; isLocal: boolean; format?: AnswerFormat },
) {
  if (req.method !== "POST") return reject(405, "Method not allowed; use POST", { allow: "POST" });
  if (!isAllowedOrigin(req.headers.get("origin"), req.url, origin.siteOrigin, origin.isLocal)) {
    return reject(403, "Cross-origin requests are not allowed");
  }
  const contentType = req.headers.get("content-type");
  const isForm = origin.format
    ? origin.format === "html"
    : hasMediaType(contentType, "application/x-www-form-urlencoded");
  if (!isForm && !hasMediaType(contentType, "application/json")) {
    return reject(415, "Content-Type must be application/json or application/x-www-form-urlencoded");
  }
  let raw: string;
  try {
    raw = await readLimitedText(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return reject(413, `Request body must be at most ${MAX_BODY_BYTES} bytes`);
    return reject(400, "Request body could not be read");
  }
  let body: unknown;
  if (isForm) {
    body = parseFormBody(raw);
    if (body === undefined) return reject(400, "Each form field may appear only once");
  } else {
    try {
      body = JSON.parse(raw);
    } catch {
      return reject(400, "Request body must be valid JSON");
    }
  }
  if (!isPlainObject(body)) return reject(400, "Request body must be a JSON object");
  const unknown = Object.keys(body).filter((key) => !ALLOWED_KEYS.has(key));
  if (unknown.length > 0)
    return reject(422, `Unexpected field(s): ${unknown.slice(0, 5).join(", ").slice(0, 200)}`);
  const requestId = body.requestId;
  if (requestId !== undefined && (typeof requestId !== "string" || !isUuid(requestId))) {
    return reject(422, "requestId must be a UUID");
  }
  for (const [key, limit] of Object.entries(EXTRA_FIELD_LIMIT)) {
    const value = body[key];
    if (value !== undefined && (typeof value !== "string" || value.length > limit))
      return reject(422, `${key} must be text of at most ${limit} characters`);
  }
  const parsed = demoRequestSchema().safeParse(body);
  if (!parsed.success) {
    return reject(422, "Some fields are invalid", { fields: fieldErrors(parsed.error) });
  }
  const attribution =
    body[ATTRIBUTION_FIELD] === undefined
      ? undefined
      : attributionSchema().safeParse(body[ATTRIBUTION_FIELD]);
  if (attribution && !attribution.success) {
    return reject(422, `Attribution is invalid: ${attribution.error.issues[0]?.message ?? "not an object"}`);
  }
  const text = (key: string) => (body[key] as string | undefined) ?? "";
  return {
    kind: "valid" as const,
    request: parsed.data,
    requestId: requestId?.toLowerCase(),
    honeypot: text(HONEYPOT_FIELD) + text(LEGACY_HONEYPOT_FIELD),
    formToken: text(FORM_TOKEN_FIELD) || undefined,
    ...(attribution && Object.keys(attribution.data).length > 0 ? { attribution: attribution.data } : {}),
  };
}

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
