/**
 * Building blocks for the content schemas. Each one is the zod check the build runs and, as zod
 * metadata (`.meta()`), what the editor shows for it: label, hint, widget and the `pattern` Decap
 * CMS checks before saving. src/cms/fields.ts and ./type-defs.ts read the schemas with that
 * metadata, so the content model is written once (docs/decisions/0035-content-model-once.md).
 * Messages are short because the validator prefixes them with the file and the field path
 * (`content/home.md: benefits.1.title: Required`).
 */
import { z } from "zod";
import { EMAIL_ADDRESS, HTML_TAG, ISO_DATE, LEVEL_ONE_HEADING } from "./text-rules";

/** What the editor and the GraphQL types need to know of a field beyond its zod checks. */
export type ContentMeta = {
  /** The editor's label; on a whole file's schema, the name of its entry in the editor. */
  label?: string;
  /** Shown under the field; on a whole file's schema, the entry's description. */
  hint?: string;
  /** Decap widget of a text: one line, a text area, an image picker or a markdown editor. */
  widget?: "string" | "text" | "image" | "markdown";
  /** The editor's check of a text, [regular expression source, message], equal to the zod checks. */
  pattern?: [string, string];
  /** Further Decap options of the field (list sizes, the markdown toolbar, ...). */
  editor?: Record<string, unknown>;
  /** GraphQL type of an object; by default its parent's type name followed by its key. */
  typeName?: string;
  /** The field's whole GraphQL type when it links to another node instead of holding text. */
  graphql?: string;
  /** More GraphQL fields of an object, e.g. a link to a File node. */
  graphqlFields?: string[];
};

/** The metadata of a schema (inherited through `.refine()`, `.regex()` and the like). */
export function metaOf(schema: z.ZodType): ContentMeta {
  return (schema.meta() ?? {}) as ContentMeta;
}

/**
 * The schema an editor field stands for: without `.optional()`, and for `z.preprocess` the
 * checked value (a YAML date read back as text).
 * @returns that schema and whether the value may be left out
 */
export function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  const optional = schema instanceof z.ZodOptional;
  let inner = optional ? (schema.unwrap() as z.ZodType) : schema;
  if (inner instanceof z.ZodPipe) inner = inner.out as z.ZodType;
  return { inner, optional };
}

/** `value` as a regular expression that matches exactly it. */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

type TextOptions = Omit<ContentMeta, "label"> & { multiline?: boolean };

/**
 * Required text, trimmed, 1..max characters; in the editor a one-line field (a text area with
 * `multiline`), surrounding spaces ignored as the build trims them.
 * @param max maximum length in characters
 * @param label the editor's label
 * @param options hint, or a stricter pattern for texts the caller checks further
 */
export function text(max: number, label: string, { multiline, ...meta }: TextOptions = {}) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? "Required" : "Must be text") })
    .trim()
    .min(1, "Required")
    .max(max, `Must be at most ${max} characters`)
    .meta({
      label,
      widget: multiline ? "text" : "string",
      hint: `Up to ${max} characters.`,
      pattern: [`^\\s*\\S[\\s\\S]{0,${max - 1}}$`, `Must be at most ${max} characters`],
      ...meta,
    } satisfies ContentMeta);
}

/**
 * Text that must read exactly `value` (spec section 1 and 2 fix these labels and titles): the
 * editor shows it, but refuses any other text.
 * @param value the exact wording
 */
export function exact<T extends string>(value: T, label: string) {
  return z
    .literal(value, {
      error: (issue) => (issue.input === undefined ? "Required" : `Must read exactly "${value}"`),
    })
    .meta({
      label,
      widget: "string",
      hint: `Fixed by the site specification: must read exactly "${value}".`,
      pattern: [`^${escapeRegExp(value)}$`, `Must read exactly "${value}"`],
    } satisfies ContentMeta);
}

/**
 * A group of fields, whose missing value reads "Required" rather than zod's default.
 * @param meta label and hint of the group (of the entry, for a whole file), or its GraphQL type name
 * @param shape the zod shape
 */
export function section<T extends z.ZodRawShape>(meta: ContentMeta, shape: T) {
  return z
    .object(shape, { error: (issue) => (issue.input === undefined ? "Required" : "Must be an object") })
    .meta(meta);
}

/** Search-engine title and description of one page. */
export const seoSchema = z
  .object(
    {
      title: text(70, "Page title (browser tab, search results)"),
      description: text(200, "Description (search results)", { multiline: true }),
    },
    { error: "Required" },
  )
  .meta({
    label: "Search engines",
    hint: "How the page appears in Google and in shared links.",
    typeName: "Seo",
  } satisfies ContentMeta);

/**
 * A list whose length the build fixes: editors change the items' text but cannot add, remove or
 * reorder them. Items whose fields read `exact` wordings become one field offering those wordings.
 * @param items one schema per item, in order
 */
export function fixedList<T extends readonly [z.ZodObject, ...z.ZodObject[]]>(label: string, items: T) {
  return z.tuple(items).meta({ label } satisfies ContentMeta);
}

/**
 * A list of `min`..`max` short texts.
 * @param item the schema of one item (its label names the item in the editor)
 */
export function textList<T extends z.ZodType>(label: string, min: number, max: number, item: T) {
  return z
    .array(item)
    .min(min)
    .max(max)
    .meta({ label, hint: `Between ${min} and ${max} items.`, editor: { min, max } } satisfies ContentMeta);
}

/**
 * One bare e-mail address (no display name or list), e.g. the company's contact address in the
 * confirmation e-mail (docs/decisions/0010-confirmation-limits.md) or the privacy address
 * (docs/requirements.md#personal-data).
 * @param max maximum length in characters
 */
export function emailAddress(
  max: number,
  label: string,
  hint = `One e-mail address, up to ${max} characters.`,
) {
  const address = EMAIL_ADDRESS.source.replace(/^\^|\$$/g, "");
  return text(max, label, {
    hint,
    pattern: [
      `^(?=[\\s\\S]{1,${max}}$)\\s*${address}\\s*$`,
      `Must be one e-mail address like name@example.com, at most ${max} characters`,
    ],
  }).regex(EMAIL_ADDRESS, "Must be one e-mail address like name@example.com");
}

/**
 * A calendar date written YYYY-MM-DD. YAML reads an unquoted date as a Date, so one is turned
 * back into that form first; the result is always the string. The editor uses a plain text
 * field: Decap's date picker shifts dates across time zones.
 */
export function isoDate(label: string) {
  return z.preprocess(
    (value) =>
      value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value,
    text(10, label, {
      hint: "A date written YYYY-MM-DD, e.g. 2026-11-23.",
      pattern: [ISO_DATE.source, "Must be a date like 2026-11-23"],
    })
      .regex(ISO_DATE, "Must be a date like 2026-11-23")
      .refine(isRealDate, "Must be a real date"),
  );
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The markdown body of a content file (below its frontmatter; Decap stores the field named
 * `body` there), rendered as the page's text: no raw HTML and no level-1 heading
 * (./text-rules.ts says why).
 * @param max maximum length in characters
 */
export function markdownBody(max: number, label: string, hint: string) {
  const refused = `(?![\\s\\S]*${HTML_TAG.source})(?![\\s\\S]*${LEVEL_ONE_HEADING.source})`;
  return text(max, label, {
    widget: "markdown",
    hint,
    pattern: [
      `^${refused}\\s*\\S[\\s\\S]{0,${max - 1}}$`,
      `At most ${max} characters of markdown, without HTML tags or level-1 headings`,
    ],
    editor: {
      buttons: ["bold", "italic", "link", "heading-two", "heading-three", "bulleted-list", "numbered-list"],
      editor_components: [],
    },
  })
    .refine((value) => !HTML_TAG.test(value), "Must be markdown without HTML tags")
    .refine(
      (value) => !LEVEL_ONE_HEADING.test(value),
      "Must not use level-1 headings (#): the page title is the only one; start at ##",
    );
}
