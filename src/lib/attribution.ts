/** Where a demo request came from (decision 0024): checked values, trimmed after the checks (docs/requirements.md#durable-capture). */
import * as z from "zod/mini";

// No `new Function` probe under the site's CSP, as in demo-request.ts.
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

type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];

export const ATTRIBUTION_QUERY_KEYS = ATTRIBUTION_KEYS.filter(
  (key) => key !== "landing_path" && key !== "referrer",
);

export const ATTRIBUTION_MAX_LENGTH = 200;

export const ATTRIBUTION_STORAGE_KEY = "attribution";

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

type Shape = { test: (value: string) => boolean; message: string };

function value(label: string, shape?: Shape) {
  return z.optional(
    z.string({ error: `${label} must be text` }).check(
      z.maxLength(ATTRIBUTION_MAX_LENGTH, `${label} must be at most ${ATTRIBUTION_MAX_LENGTH} characters`),
      z.refine((v) => !ATTRIBUTION_UNSAFE.test(v), `${label} contains characters that are not allowed`),
      z.trim(),
      z.refine((v) => !shape || shape.test(v), shape ? `${label} ${shape.message}` : undefined),
    ),
  );
}

const SHAPES: Partial<Record<AttributionKey, Shape>> = {
  landing_path: { test: (v) => PATH.test(v), message: "must be a path" },
  referrer: { test: isOriginAndPath, message: "must be an origin and path" },
};

function buildAttributionSchema() {
  const shape = Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, value(key, SHAPES[key])]));
  return z.strictObject(shape as Record<AttributionKey, ReturnType<typeof value>>, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? "attribution has unknown keys"
        : issue.code === "invalid_type"
          ? "attribution must be an object"
          : undefined,
  });
}

type AttributionSchema = ReturnType<typeof buildAttributionSchema>;
/** A checked attribution, e.g. `{ landing_path: "/", utm_source: "linkedin" }`. */
export type Attribution = z.output<AttributionSchema>;

let schema: AttributionSchema | undefined;

/** The attribution schema, built on first use like `demoRequestSchema`. */
export const attributionSchema = (): AttributionSchema => (schema ??= buildAttributionSchema());

/** The valid keys of `raw`, or undefined: a stale entry drops a key rather than failing the request. */
export function cleanAttribution(raw: unknown): Attribution | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const shape = attributionSchema().shape;
  const clean: Attribution = Object.fromEntries(
    ATTRIBUTION_KEYS.flatMap((key) => {
      const parsed = shape[key].safeParse((raw as Record<string, unknown>)[key]);
      return parsed.success && parsed.data ? [[key, parsed.data]] : [];
    }),
  );
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

/** The tab's recorded first landing (./inline-scripts.ts), cleaned; undefined when none or storage is blocked. */
export function readStoredAttribution(
  storage: Pick<Storage, "getItem"> = sessionStorage,
): Attribution | undefined {
  try {
    const stored = storage.getItem(ATTRIBUTION_STORAGE_KEY);
    return stored ? cleanAttribution(JSON.parse(stored)) : undefined;
  } catch {
    return undefined;
  }
}
