/**
 * Building blocks for the content schemas: trimmed, non-empty text with a maximum length,
 * and exact titles the spec fixes. Messages are short because the validator prefixes them
 * with the file and the field path (`content/home.md: benefits.1.title: Required`).
 */
import { z } from "zod";

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
