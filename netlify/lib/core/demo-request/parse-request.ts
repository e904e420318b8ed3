/**
 * An HTTP request as a checked demo request or a typed rejection (docs/requirements.md#the-demo-request-end-to-end);
 * the honeypot is judged only after every check (docs/decisions/0011-spam-defence-layers.md).
 */
import {
  DEMO_REQUEST_FIELDS,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  LEGACY_HONEYPOT_FIELD,
  attributionSchema,
  demoRequestSchema,
  fieldErrors,
  type Attribution,
  type DemoRequest,
  type DemoRequestField,
} from "../../../../src/lib/demo-request";
import {
  BodyTooLargeError,
  isAllowedOrigin,
  isFormContentType,
  isJsonContentType,
  MAX_BODY_BYTES,
  readLimitedText,
} from "../../kit/http";
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

export type ParseResult =
  | ({ kind: "rejected" } & Rejection)
  | {
      kind: "valid";
      request: DemoRequest;
      requestId: string | undefined;
      honeypot: string;
      formToken: string | undefined;
      attribution?: Attribution;
    };

function reject(
  status: Rejection["status"],
  error: string,
  extra: Omit<Rejection, "status" | "error"> = {},
): ParseResult {
  return { kind: "rejected", status, error, ...extra };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Decodes a form-encoded body; undefined when a name repeats. `__proto__` is an own key the key check rejects. */
export function parseFormBody(raw: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    if (Object.prototype.hasOwnProperty.call(out, key)) return undefined;
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Reads and checks `req` against `origin` and the answer `format`. Never throws: problems become rejections. */
export async function parseDemoRequest(
  req: Request,
  origin: { siteOrigin?: string; isLocal: boolean; format?: "json" | "html" },
): Promise<ParseResult> {
  if (req.method !== "POST") return reject(405, "Method not allowed; use POST", { allow: "POST" });
  if (!isAllowedOrigin(req.headers.get("origin"), req.url, origin.siteOrigin, origin.isLocal)) {
    return reject(403, "Cross-origin requests are not allowed");
  }
  const contentType = req.headers.get("content-type");
  const isForm = origin.format ? origin.format === "html" : isFormContentType(contentType);
  if (!isForm && !isJsonContentType(contentType)) {
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
  const text = (key: string) => (body[key] as string | undefined) ?? "";
  const valid = {
    kind: "valid",
    request: parsed.data,
    requestId: requestId?.toLowerCase(),
    honeypot: text(HONEYPOT_FIELD) + text(LEGACY_HONEYPOT_FIELD),
    formToken: text(FORM_TOKEN_FIELD) || undefined,
  } as const;
  if (body[ATTRIBUTION_FIELD] === undefined) return valid;
  const attribution = attributionSchema().safeParse(body[ATTRIBUTION_FIELD]);
  if (!attribution.success) {
    return reject(422, `Attribution is invalid: ${attribution.error.issues[0]?.message ?? "not an object"}`);
  }
  return Object.keys(attribution.data).length > 0 ? { ...valid, attribution: attribution.data } : valid;
}
