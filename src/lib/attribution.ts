/**
 * Where a demo request came from (docs/requirements.md#speed-to-lead;
 * docs/decisions/0024-lead-attribution.md): the first landing of the visit in the browser tab, recorded by
 * the inline script of src/lib/attribution-recorder.ts into sessionStorage and sent by the form under one
 * `attribution` object.
 *
 * Every key is optional and a request without attribution is valid (the no-JS form, a direct
 * visit). Each value is at most 200 characters and holds no control, format (Unicode Cc, Cf)
 * or line/paragraph separator character; unknown keys are rejected. A value is trimmed once those
 * two checks passed, so no recorded value starts or ends with white space (a spreadsheet could
 * read `" =HYPERLINK(...)"` as a formula; docs/requirements.md#durable-capture); the path and
 * referrer rules check the trimmed value. `referrer` is an http(s)
 * origin and path, `landing_path` a path, both without query or fragment: only the UTM
 * parameters and gclid are taken from a query string (decision 0024).
 */
import * as z from "zod/mini";

// As in demo-request.ts: no `new Function` probe under the site's CSP (no 'unsafe-eval').
z.config({ jitless: true });

/** The recorded keys, in the order e-mails, webhook payloads and CSV columns show them. */
export const ATTRIBUTION_KEYS = [
  "landing_path",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
] as const;

export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];

/** The landing URL's query parameters that are recorded, verbatim (Google Analytics' names). */
export const ATTRIBUTION_QUERY_KEYS = ATTRIBUTION_KEYS.filter(
  (key) => key !== "landing_path" && key !== "referrer",
);

/** Longest accepted value, in UTF-16 code units. */
export const ATTRIBUTION_MAX_LENGTH = 200;

/** The sessionStorage key the first landing is kept under. */
export const ATTRIBUTION_STORAGE_KEY = "attribution";

/** Control and format characters (Cc, Cf: zero-width, bidi marks, BOM...) and line separators. */
export const ATTRIBUTION_UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const PATH = /^\/[^?#]*$/;

function isOriginAndPath(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      value === `${url.origin}${url.pathname}` &&
      url.username === "" &&
      url.password === ""
    );
  } catch {
    return false;
  }
}

function value(label: string, shape?: { test: (value: string) => boolean; message: string }) {
  return z.optional(
    z.string({ error: `${label} must be text` }).check(
      // The limit and the character rule apply to the value as sent; then it is trimmed.
      z.maxLength(ATTRIBUTION_MAX_LENGTH, `${label} must be at most ${ATTRIBUTION_MAX_LENGTH} characters`),
      z.refine((v) => !ATTRIBUTION_UNSAFE.test(v), `${label} contains characters that are not allowed`),
      z.trim(),
      z.refine((v) => !shape || shape.test(v), shape ? `${label} ${shape.message}` : undefined),
    ),
  );
}

function buildAttributionSchema() {
  return z.strictObject(
    {
      landing_path: value("landing_path", { test: (v) => PATH.test(v), message: "must be a path" }),
      referrer: value("referrer", { test: isOriginAndPath, message: "must be an origin and path" }),
      utm_source: value("utm_source"),
      utm_medium: value("utm_medium"),
      utm_campaign: value("utm_campaign"),
      utm_term: value("utm_term"),
      utm_content: value("utm_content"),
      gclid: value("gclid"),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? "attribution has unknown keys"
          : issue.code === "invalid_type"
            ? "attribution must be an object"
            : undefined,
    },
  );
}

export type AttributionSchema = ReturnType<typeof buildAttributionSchema>;
/** A checked attribution, e.g. `{ landing_path: "/", utm_source: "linkedin" }`. */
export type Attribution = z.output<AttributionSchema>;

let schema: AttributionSchema | undefined;

/** The attribution schema, built on first use (like `demoRequestSchema`, for TBT). */
export function attributionSchema(): AttributionSchema {
  schema ??= buildAttributionSchema();
  return schema;
}

/**
 * The valid part of `raw` (e.g. what sessionStorage held): known keys whose value passes the
 * schema, in ATTRIBUTION_KEYS order; undefined when nothing is left. The form sends this, so a
 * stale or hand-edited storage entry drops a key rather than making the visitor's request fail.
 */
export function cleanAttribution(raw: unknown): Attribution | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const source = raw as Record<string, unknown>;
  const shape = attributionSchema().shape;
  const clean: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    if (!Object.prototype.hasOwnProperty.call(source, key) || source[key] === undefined) continue;
    const parsed = shape[key].safeParse(source[key]);
    if (parsed.success && parsed.data) clean[key] = parsed.data;
  }
  return Object.keys(clean).length > 0 ? clean : undefined;
}

/** `[key, value]` of each recorded key in ATTRIBUTION_KEYS order, e.g. `[["utm_source", "linkedin"]]`. */
export function attributionEntries(attribution: Attribution | undefined): [AttributionKey, string][] {
  if (!attribution) return [];
  return ATTRIBUTION_KEYS.flatMap((key) => {
    const value = attribution[key];
    return value ? [[key, value] as [AttributionKey, string]] : [];
  });
}
