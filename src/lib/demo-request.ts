/**
 * The demo request: its field table and the schema derived from it, shared by the Request a
 * Demo form (through `zodResolver`) and the `send-contact-email` function (through `safeParse`).
 *
 * `DEMO_REQUEST_FIELDS` is the only list of the six fields (docs/requirements.md#lead-path-and-alerts): the
 * schema, the form's controls and empty values, the sales e-mail, the no-JS error page, the CSV export and
 * the test fixtures all read it.
 *
 * Rules and messages are spec section 5 to the letter; limits are spec section 9 and are
 * inclusive (100 characters pass, 101 fail). All text is trimmed before checking.
 * Additions of ours, where the spec is silent: an e-mail is exactly one address (no
 * display name, list or header injection), and names, phone and company reject control,
 * bidi-override, invisible format (Unicode Cf) and every other default-ignorable character (Hangul
 * fillers, variation selectors), with the same "contains characters that are not allowed"
 * message. The message may hold line breaks and tabs (it is a multi-line text box) but no other
 * control characters.
 */
// zod/mini: the same rules at a fraction of the classic API's bundle size, because this
// module ships in /contact's first-load JavaScript (docs/requirements.md#performance-budget).
import * as z from "zod/mini";

// Zod 4 probes `new Function("")` to pick its JIT parser; under the site's CSP (no
// 'unsafe-eval', docs/decisions/0002-content-security-policy.md) that probe is a reported violation.
z.config({ jitless: true });

/** One row of the field table. */
export interface DemoRequestFieldRow<Name extends string = string> {
  /** The key in the JSON body, the form post, the stored record and the CSV header (spec section 3). */
  readonly name: Name;
  /**
   * The label as the form shows it (spec section 2, to the letter). The sales e-mail and the
   * no-JS error page show the same words: one spelling per field.
   */
  readonly label: string;
  /** How spec section 5's messages name the field, e.g. "Company name" in "Company name is required". */
  readonly subject: string;
  /** Most characters after trimming, inclusive (spec section 9). */
  readonly limit: number;
  /** The control: an `<input type>` or a multi-line text box of `rows` rows. */
  readonly input: "text" | "email" | "tel" | "textarea";
  readonly rows?: number;
  /** The HTML autocomplete token, so browsers fill the field from the visitor's own details. */
  readonly autoComplete?: string;
  readonly required: boolean;
}

const FIELD_TABLE = [
  {
    name: "firstName",
    label: "First Name",
    subject: "First name",
    limit: 100,
    input: "text",
    autoComplete: "given-name",
    required: true,
  },
  {
    name: "lastName",
    label: "Last Name",
    subject: "Last name",
    limit: 100,
    input: "text",
    autoComplete: "family-name",
    required: true,
  },
  {
    name: "email",
    label: "Work Email",
    subject: "Email",
    limit: 255,
    input: "email",
    autoComplete: "email",
    required: true,
  },
  {
    name: "phone",
    label: "Phone Number",
    subject: "Phone number",
    limit: 50,
    input: "tel",
    autoComplete: "tel",
    required: true,
  },
  {
    name: "company",
    label: "Company",
    subject: "Company name",
    limit: 200,
    input: "text",
    autoComplete: "organization",
    required: true,
  },
  {
    name: "message",
    label: "Additional Info",
    subject: "Message",
    limit: 1000,
    input: "textarea",
    rows: 4,
    required: false,
  },
] as const satisfies readonly DemoRequestFieldRow[];

type FieldRow = (typeof FIELD_TABLE)[number];
export type DemoRequestField = FieldRow["name"];

/** The six fields in the form's order (spec sections 2, 3, 5 and 9). */
export const DEMO_REQUEST_FIELDS: readonly DemoRequestFieldRow<DemoRequestField>[] = FIELD_TABLE;

const FIELD_NAMES: ReadonlySet<string> = new Set(DEMO_REQUEST_FIELDS.map((row) => row.name));

/** True when `key` names one of the six fields. */
export function isDemoRequestField(key: string): key is DemoRequestField {
  return FIELD_NAMES.has(key);
}

/** Every field empty, e.g. the form's starting values. */
export function emptyDemoRequest(): Record<DemoRequestField, string> {
  return Object.fromEntries(DEMO_REQUEST_FIELDS.map((row) => [row.name, ""])) as Record<
    DemoRequestField,
    string
  >;
}

/**
 * Name of the honeypot input: hidden from people, left empty by them, filled by bots. A name no
 * browser or password manager associates with the visitor's details, so autofill leaves it
 * alone (docs/decisions/0011-spam-defence-layers.md). The function judges it after validation
 * (netlify/lib/core/spam/spam.ts).
 */
export const HONEYPOT_FIELD = "leave_blank";

/**
 * The honeypot's earlier name, which autofill filled in (docs/decisions/0011-spam-defence-layers.md),
 * still accepted (and judged the same way) so a page loaded before the rename can still be sent.
 */
export const LEGACY_HONEYPOT_FIELD = "website";

// Controls (Unicode Cc), invisible format characters (Cf: bidi embeddings, overrides and
// isolates, zero-width space and joiners, LRM/RLM, word joiner, soft hyphen, BOM;
// docs/requirements.md#spam-defence), line/paragraph separators (the set the attribution values
// refuse, ./attribution.ts) and every other default-ignorable code point: characters that render
// as nothing although they are letters or marks, such as the Hangul fillers (U+115F, U+1160,
// U+3164, U+FFA0), the combining grapheme joiner and the variation selectors (so an emoji typed
// with U+FE0F, e.g. "❤️", is refused in these fields; the message may hold it).
const UNSAFE_SINGLE_LINE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
// Controls and bidi overrides, but line feed, carriage return and tab are allowed in the
// multi-line message (which may hold emoji and right-to-left text with their joiners and marks).
// eslint-disable-next-line no-control-regex
const UNSAFE_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

// One bare address: local@domain.tld, no spaces, commas, semicolons, angle brackets or quotes.
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}(?<!\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

const tooLong = (row: DemoRequestFieldRow) => `${row.subject} must be less than ${row.limit} characters`;
const notAllowed = (row: DemoRequestFieldRow) => `${row.subject} contains characters that are not allowed`;

function text(row: DemoRequestFieldRow) {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? `${row.subject} is required` : `${row.subject} must be text`,
  });
}

/** A required one-line field: "<subject> is required", too long, or unsafe characters. */
function requiredLine(row: DemoRequestFieldRow) {
  return text(row).check(
    z.trim(),
    z.minLength(1, `${row.subject} is required`),
    z.maxLength(row.limit, tooLong(row)),
    z.refine((value) => !UNSAFE_SINGLE_LINE.test(value), notAllowed(row)),
  );
}

/** The address: spec section 5 gives one message for missing and malformed alike. */
function emailAddress(row: DemoRequestFieldRow) {
  return z
    .string({ error: "Invalid email address" })
    .check(z.trim(), z.maxLength(row.limit, tooLong(row)), z.regex(EMAIL_PATTERN, "Invalid email address"));
}

/** The optional multi-line text; missing becomes "". */
function optionalText(row: DemoRequestFieldRow) {
  return z._default(
    z.optional(
      text(row).check(
        z.trim(),
        z.maxLength(row.limit, tooLong(row)),
        z.refine((value) => !UNSAFE_MULTI_LINE.test(value), notAllowed(row)),
      ),
    ),
    "",
  );
}

type RuleFor<Row extends FieldRow> = Row["input"] extends "textarea"
  ? ReturnType<typeof optionalText>
  : Row["input"] extends "email"
    ? ReturnType<typeof emailAddress>
    : ReturnType<typeof requiredLine>;
type DemoRequestShape = { [Row in FieldRow as Row["name"]]: RuleFor<Row> };

function ruleFor(row: DemoRequestFieldRow) {
  if (row.input === "textarea") return optionalText(row);
  if (row.input === "email") return emailAddress(row);
  return requiredLine(row);
}

function buildDemoRequestSchema() {
  const shape = Object.fromEntries(DEMO_REQUEST_FIELDS.map((row) => [row.name, ruleFor(row)]));
  return z.object(shape as DemoRequestShape);
}

/** The zod schema of a demo request (spec section 3): six fields, trimmed, with their messages. */
export type DemoRequestSchema = ReturnType<typeof buildDemoRequestSchema>;
let schema: DemoRequestSchema | undefined;

/**
 * The demo request schema, built on first use and then shared. Building it at import lengthened the
 * contact page's start-up task (TBT; docs/performance.md), while the form first needs it
 * when the visitor submits, and the function on its first request.
 */
export function demoRequestSchema(): DemoRequestSchema {
  schema ??= buildDemoRequestSchema();
  return schema;
}

/** What the visitor types (before trimming). */
export type DemoRequestInput = z.input<DemoRequestSchema>;
/** A checked, trimmed demo request (spec section 3). */
export type DemoRequest = z.output<DemoRequestSchema>;

/**
 * Flattens a failed parse into one message per field, the first failing rule winning,
 * e.g. `{ firstName: "First name is required" }`.
 */
export function fieldErrors(error: z.core.$ZodError): Partial<Record<DemoRequestField, string>> {
  const result: Partial<Record<DemoRequestField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && isDemoRequestField(field) && !(field in result)) {
      result[field] = issue.message;
    }
  }
  return result;
}

// The optional `attribution` object a demo request carries (decision 0024) is checked by this module too.
export {
  ATTRIBUTION_KEYS,
  ATTRIBUTION_MAX_LENGTH,
  attributionEntries,
  attributionSchema,
  cleanAttribution,
  type Attribution,
  type AttributionKey,
} from "./attribution";
