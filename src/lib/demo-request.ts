/**
 * The demo-request schema: one definition shared by the Request a Demo form (through
 * `zodResolver`) and the `send-contact-email` function (through `safeParse`).
 *
 * Rules and messages are spec section 5 to the letter; limits are spec section 9 and are
 * inclusive (100 characters pass, 101 fail). All text is trimmed before checking.
 * Additions of ours, where the spec is silent: an e-mail is exactly one address (no
 * display name, list or header injection), and names, phone and company reject control
 * and bidi-override characters. The message may hold line breaks and tabs (it is a
 * multi-line text box) but no other control characters.
 */
// zod/mini: the same rules at a fraction of the classic API's bundle size, because this
// module ships in /contact's first-load JavaScript (issue 5 budget).
import * as z from "zod/mini";

// Zod 4 probes `new Function("")` to pick its JIT parser; under the site's CSP (no
// 'unsafe-eval', docs/decisions/content-security-policy.md) that probe is a reported violation.
z.config({ jitless: true });

/** Field limits in characters (spec section 9). */
export const DEMO_REQUEST_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: 255,
  phone: 50,
  company: 200,
  message: 1000,
} as const;

export type DemoRequestField = keyof typeof DEMO_REQUEST_LIMITS;

/** Field order as the form shows it (spec section 2). */
export const DEMO_REQUEST_FIELDS: readonly DemoRequestField[] = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "message",
];

/**
 * Name of the honeypot input: hidden from people, left empty by them, filled by bots.
 * The function checks it before anything else.
 */
export const HONEYPOT_FIELD = "website";

// C0/C1 controls, DEL, bidi embeddings/overrides/isolates, line/paragraph separators.
// eslint-disable-next-line no-control-regex
const UNSAFE_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
// The same, but line feed, carriage return and tab are allowed in the multi-line message.
// eslint-disable-next-line no-control-regex
const UNSAFE_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

// One bare address: local@domain.tld, no spaces, commas, semicolons, angle brackets or quotes.
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}(?<!\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

function text(label: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
  });
}

function requiredLine(label: string, field: DemoRequestField) {
  const max = DEMO_REQUEST_LIMITS[field];
  return text(label).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be less than ${max} characters`),
    z.refine((value) => !UNSAFE_SINGLE_LINE.test(value), `${label} contains characters that are not allowed`),
  );
}

function buildDemoRequestSchema() {
  return z.object({
    firstName: requiredLine("First name", "firstName"),
    lastName: requiredLine("Last name", "lastName"),
    email: z
      .string({ error: "Invalid email address" })
      .check(
        z.trim(),
        z.maxLength(
          DEMO_REQUEST_LIMITS.email,
          `Email must be less than ${DEMO_REQUEST_LIMITS.email} characters`,
        ),
        z.regex(EMAIL_PATTERN, "Invalid email address"),
      ),
    phone: requiredLine("Phone number", "phone"),
    company: requiredLine("Company name", "company"),
    message: z._default(
      z.optional(
        text("Message").check(
          z.trim(),
          z.maxLength(
            DEMO_REQUEST_LIMITS.message,
            `Message must be less than ${DEMO_REQUEST_LIMITS.message} characters`,
          ),
          z.refine(
            (value) => !UNSAFE_MULTI_LINE.test(value),
            "Message contains characters that are not allowed",
          ),
        ),
      ),
      "",
    ),
  });
}

/** The zod schema of a demo request (spec section 3): six fields, trimmed, with their messages. */
export type DemoRequestSchema = ReturnType<typeof buildDemoRequestSchema>;
let schema: DemoRequestSchema | undefined;

/**
 * The demo request schema, built on first use and then shared. Building it at import took 3-5 ms of
 * the contact page's start-up on a phone (issue 5, TBT), while the form first needs it when the
 * visitor submits, and the function on its first request.
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
    if (typeof field === "string" && field in DEMO_REQUEST_LIMITS && !(field in result)) {
      result[field as DemoRequestField] = issue.message;
    }
  }
  return result;
}
