/**
 * The demo request's fields and schema, shared by the form and the function (spec sections 3, 5 and 9), in zod/mini
 * for /contact's first load. Beyond the spec: one bare e-mail address, no invisible or control characters.
 */
import * as z from "zod/mini";

// Zod's JIT probe `new Function("")` would be a CSP violation (docs/decisions/0002-content-security-policy.md).
z.config({ jitless: true });

/** A row of the field table; `subject` names the field in spec section 5's messages, `limit` counts trimmed characters. */
export interface DemoRequestFieldRow<Name extends string = string> {
  readonly name: Name;
  readonly label: string;
  readonly subject: string;
  readonly limit: number;
  readonly input: "text" | "email" | "tel" | "textarea";
  readonly rows?: number;
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

export type DemoRequestField = (typeof FIELD_TABLE)[number]["name"];

/** The six fields in the form's order (spec sections 2, 3, 5 and 9). */
export const DEMO_REQUEST_FIELDS: readonly DemoRequestFieldRow<DemoRequestField>[] = FIELD_TABLE;

/** The honeypot input, left empty by people and no autofill (docs/decisions/0011-spam-defence-layers.md). */
export const HONEYPOT_FIELD = "leave_blank";

/** The honeypot's earlier name (autofill filled it), judged the same so older pages can still send. */
export const LEGACY_HONEYPOT_FIELD = "website";

/** The JSON field carrying the form's time token (decision 0011). */
export const FORM_TOKEN_FIELD = "formToken";

// Controls, invisible and other default-ignorable characters, e.g. "❤️" (docs/requirements.md#spam-defence).
const UNSAFE_SINGLE_LINE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
// The message may hold line breaks, tabs, emoji and right-to-left text, but no other controls or bidi overrides.
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

function requiredLine(row: DemoRequestFieldRow) {
  return text(row).check(
    z.trim(),
    z.minLength(1, `${row.subject} is required`),
    z.maxLength(row.limit, tooLong(row)),
    z.refine((value) => !UNSAFE_SINGLE_LINE.test(value), notAllowed(row)),
  );
}

// Spec section 5 gives one message for a missing and a malformed address.
function emailAddress(row: DemoRequestFieldRow) {
  return z
    .string({ error: "Invalid email address" })
    .check(z.trim(), z.maxLength(row.limit, tooLong(row)), z.regex(EMAIL_PATTERN, "Invalid email address"));
}

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

function buildDemoRequestSchema() {
  const row = (name: DemoRequestField) => DEMO_REQUEST_FIELDS.find((field) => field.name === name)!;
  return z.object({
    firstName: requiredLine(row("firstName")),
    lastName: requiredLine(row("lastName")),
    email: emailAddress(row("email")),
    phone: requiredLine(row("phone")),
    company: requiredLine(row("company")),
    message: optionalText(row("message")),
  });
}

export type DemoRequestSchema = ReturnType<typeof buildDemoRequestSchema>;
let schema: DemoRequestSchema | undefined;

/** The schema (spec section 3), built on first use: at import it lengthened /contact's start-up task (TBT). */
export const demoRequestSchema = (): DemoRequestSchema => (schema ??= buildDemoRequestSchema());

/** What the visitor types (before trimming). */
export type DemoRequestInput = z.input<DemoRequestSchema>;
/** A checked, trimmed demo request (spec section 3). */
export type DemoRequest = z.output<DemoRequestSchema>;

/** One message per field from a failed parse, the first failing rule winning, e.g. `{ firstName: "First name is required" }`. */
export function fieldErrors(error: z.core.$ZodError): Partial<Record<DemoRequestField, string>> {
  const result: Partial<Record<DemoRequestField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as DemoRequestField;
    if (DEMO_REQUEST_FIELDS.some((row) => row.name === field)) result[field] ??= issue.message;
  }
  return result;
}

export * from "./attribution";
