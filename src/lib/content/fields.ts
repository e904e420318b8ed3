/**
 * Building blocks for the content schemas: trimmed, non-empty text with a maximum length,
 * and exact titles the spec fixes. Messages are short because the validator prefixes them
 * with the file and the field path (`content/home.md: benefits.1.title: Required`).
 */
import { z } from "zod";
import { EMAIL_ADDRESS, HTML_TAG, ISO_DATE, LEVEL_ONE_HEADING } from "./text-rules";

/**
 * Required text, trimmed, 1..max characters.
 * @param max maximum length in characters (the CMS mirrors these limits)
 */
export function text(max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? "Required" : "Must be text") })
    .trim()
    .min(1, "Required")
    .max(max, `Must be at most ${max} characters`);
}

/**
 * Text that must read exactly `value` (spec section 1 and 2 fix these labels and titles).
 * @param value the exact wording
 */
export function exact<T extends string>(value: T) {
  return z.literal(value, {
    error: (issue) => (issue.input === undefined ? "Required" : `Must read exactly "${value}"`),
  });
}

/** Search-engine title and description of one page. */
export const seoSchema = z.object(
  {
    title: text(70),
    description: text(200),
  },
  { error: "Required" },
);

/**
 * An object whose missing value reads "Required" rather than zod's default.
 * @param shape the zod shape
 */
export function section<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, {
    error: (issue) => (issue.input === undefined ? "Required" : "Must be an object"),
  });
}

/**
 * One bare e-mail address (no display name or list), e.g. the company's contact address in the
 * confirmation e-mail (docs/decisions/0010-confirmation-limits.md) or the privacy address
 * (docs/requirements.md#personal-data).
 * @param max maximum length in characters
 */
export function emailAddress(max: number) {
  return text(max).regex(EMAIL_ADDRESS, "Must be one e-mail address like name@example.com");
}

/**
 * A calendar date written YYYY-MM-DD. YAML reads an unquoted date as a Date, so one is
 * turned back into that form first; the result is always the string.
 */
export const isoDate = z.preprocess(
  (value) =>
    value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value,
  text(10).regex(ISO_DATE, "Must be a date like 2026-11-23").refine(isRealDate, "Must be a real date"),
);

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The markdown body of a content file (below its frontmatter), rendered as the page's text:
 * no raw HTML and no level-1 heading (./text-rules.ts says why).
 * @param max maximum length in characters
 */
export function markdownBody(max: number) {
  return text(max)
    .refine((value) => !HTML_TAG.test(value), "Must be markdown without HTML tags")
    .refine(
      (value) => !LEVEL_ONE_HEADING.test(value),
      "Must not use level-1 headings (#): the page title is the only one; start at ##",
    );
}
