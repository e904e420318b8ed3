/**
 * Builders for Decap CMS fields that mirror the zod helpers in src/lib/content/fields.ts.
 * Decap's string widgets have no length option, so limits travel as `pattern` validation;
 * tests/unit/cms/schema-drift.test.ts checks them against the zod schemas.
 */
import type { CmsField } from "decap-cms-core";
import { EMAIL_ADDRESS, HTML_TAG, ISO_DATE, LEVEL_ONE_HEADING } from "../lib/content/text-rules";

type Options = { hint?: string; required?: boolean };

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Required text of 1..max characters (zod `text(max)`); surrounding spaces are ignored as the
 * build trims them.
 * @param name key in the content file
 * @param label what the editor sees
 * @param max maximum length in characters, the same number as the zod schema
 * @param options `multiline` picks the text area; `hint` is shown under the field
 */
export function textField(
  name: string,
  label: string,
  max: number,
  options: Options & { multiline?: boolean } = {},
): CmsField {
  return {
    name,
    label,
    widget: options.multiline ? "text" : "string",
    required: options.required ?? true,
    hint: options.hint ?? `Up to ${max} characters.`,
    pattern: [`^\\s*\\S[\\s\\S]{0,${max - 1}}$`, `Must be at most ${max} characters`],
  };
}

/**
 * Wording the spec fixes (zod `exact(value)`): shown so the editor sees it, but any other
 * text is rejected before it can be saved.
 * @param value the exact wording
 */
export function fixedField(name: string, label: string, value: string): CmsField {
  return {
    name,
    label,
    widget: "string",
    required: true,
    hint: `Fixed by the site specification: must read exactly "${value}".`,
    pattern: [`^${escapeRegExp(value)}$`, `Must read exactly "${value}"`],
  };
}

/**
 * One of several fixed wordings, for list items whose titles the spec fixes (zod tuple of `exact`).
 * @param values the allowed wordings, in the order the build expects them
 */
export function fixedChoiceField(name: string, label: string, values: readonly string[]): CmsField {
  return {
    name,
    label,
    widget: "string",
    required: true,
    hint: `Fixed by the site specification, in this order: ${values.join(" / ")}.`,
    pattern: [`^(${values.map(escapeRegExp).join("|")})$`, `Must read exactly one of: ${values.join(", ")}`],
  };
}

/** A group of fields (zod `section({...})`). */
export function objectField(name: string, label: string, fields: CmsField[], hint?: string): CmsField {
  return { name, label, widget: "object", required: true, collapsed: false, fields, ...(hint && { hint }) };
}

/**
 * A list whose length the build fixes (zod `z.tuple`): editors change the items' text but
 * cannot add, remove or reorder them.
 * @param length number of items the schema requires
 */
export function fixedListField(
  name: string,
  label: string,
  length: number,
  fields: CmsField[],
  summary: string,
): CmsField {
  return {
    name,
    label,
    widget: "list",
    required: true,
    min: length,
    max: length,
    allow_add: false,
    allow_remove: false,
    allow_reorder: false,
    collapsed: false,
    summary,
    fields,
  };
}

/**
 * A list of short texts with a minimum and maximum count (zod `z.array(text(max)).min().max()`).
 * @param min fewest items, @param max most items, @param item the field of one item
 */
export function textListField(
  name: string,
  label: string,
  min: number,
  max: number,
  item: CmsField,
): CmsField {
  return {
    name,
    label,
    widget: "list",
    required: true,
    min,
    max,
    hint: `Between ${min} and ${max} items.`,
    field: item,
  };
}

/**
 * A path under static/ such as `/og-image.png` (zod `sitePath`: at most 200 characters,
 * PNG, JPEG or WebP).
 */
export function sitePathField(name: string, label: string): CmsField {
  return {
    ...textField(name, label, 200),
    hint: "A file in static/, written like /og-image.png (PNG, JPEG or WebP).",
    pattern: ["^(?=.{1,200}$)/[\\w./-]+\\.(png|jpe?g|webp)$", "Must be a site path like /og-image.png"],
  };
}

/**
 * One bare e-mail address of at most `max` characters (zod `emailAddress(max)`); surrounding
 * spaces are ignored as the build trims them.
 */
export function emailField(name: string, label: string, max: number, hint?: string): CmsField {
  const address = EMAIL_ADDRESS.source.replace(/^\^|\$$/g, "");
  return {
    ...textField(name, label, max),
    hint: hint ?? `One e-mail address, up to ${max} characters.`,
    pattern: [
      `^(?=[\\s\\S]{1,${max}}$)\\s*${address}\\s*$`,
      `Must be one e-mail address like name@example.com, at most ${max} characters`,
    ],
  };
}

/** A calendar date written YYYY-MM-DD (zod `isoDate`). A plain text field: Decap's date picker shifts dates across time zones. */
export function dateField(name: string, label: string): CmsField {
  return {
    ...textField(name, label, 10),
    hint: "A date written YYYY-MM-DD, e.g. 2026-11-23.",
    pattern: [ISO_DATE.source, "Must be a date like 2026-11-23"],
  };
}

/**
 * The markdown body below the frontmatter (zod `markdownBody(max)`): Decap stores the field
 * named `body` there. Raw HTML and level-1 headings are refused, as the build refuses them.
 * @param max maximum length in characters
 */
export function markdownBodyField(label: string, max: number, hint: string): CmsField {
  const refused = `(?![\\s\\S]*${HTML_TAG.source})(?![\\s\\S]*${LEVEL_ONE_HEADING.source})`;
  return {
    name: "body",
    label,
    widget: "markdown",
    required: true,
    hint,
    buttons: ["bold", "italic", "link", "heading-two", "heading-three", "bulleted-list", "numbered-list"],
    editor_components: [],
    pattern: [
      `^${refused}\\s*\\S[\\s\\S]{0,${max - 1}}$`,
      `At most ${max} characters of markdown, without HTML tags or level-1 headings`,
    ],
  };
}
