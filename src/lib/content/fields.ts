/** Content schema blocks: the zod check plus, as `.meta()`, the editor's view (docs/decisions/0035-content-model-once.md). */
import { z } from "zod";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL_ADDRESS = /^[^\s@<>"]+@[^\s@<>".]+(\.[^\s@<>".]+)*\.[A-Za-z]{2,}$/;
// Refused in markdown (autolinks do not match): the CSP hashes every inline script, so a pasted one would run.
const HTML_TAG = /<\/?[A-Za-z][\w-]*(?=[\s/>])/;
// ATX or setext: the page title is the only h1.
const LEVEL_ONE_HEADING = /(?:^|\n) {0,3}(?:#(?:[ \t]|\n|$)|=+[ \t]*(?:\n|$))/;

/** The editor's and GraphQL's view; `typeName` defaults to the parent's type plus the key, `graphql` is a link's type. */
export type ContentMeta = {
  label?: string;
  hint?: string;
  widget?: "string" | "text" | "image" | "markdown";
  pattern?: [string, string];
  editor?: Record<string, unknown>;
  typeName?: string;
  graphql?: string;
  graphqlFields?: string[];
};

/** A schema's metadata (inherited through `.refine()`, `.regex()` and the like). */
export function metaOf(schema: z.ZodType): ContentMeta {
  return (schema.meta() ?? {}) as ContentMeta;
}

/** The schema an editor field stands for (without `.optional()`; `z.preprocess`'s output) and whether it may be left out. */
export function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  const optional = schema instanceof z.ZodOptional;
  let inner = optional ? (schema.unwrap() as z.ZodType) : schema;
  if (inner instanceof z.ZodPipe) inner = inner.out as z.ZodType;
  return { inner, optional };
}

/** `value` matched literally inside a RegExp source (the editor's patterns run in browsers without `RegExp.escape`). */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

type TextOptions = Omit<ContentMeta, "label"> & { multiline?: boolean };

/** Required text, trimmed, 1..`max` characters; a one-line editor field, or a text area with `multiline`. */
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

/** Text that must read exactly `value` (labels and titles fixed by spec section 1 and 2). */
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

/** A group of fields whose missing value reads "Required"; `meta` is its label, or its label, hint or GraphQL type name. */
export function section<T extends z.ZodRawShape>(meta: ContentMeta | string, shape: T) {
  return z
    .object(shape, { error: (issue) => (issue.input === undefined ? "Required" : "Must be an object") })
    .meta(typeof meta === "string" ? { label: meta } : meta);
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

/** A list of fixed length: editors change the items' text but cannot add, remove or reorder them. */
export function fixedList<T extends readonly [z.ZodObject, ...z.ZodObject[]]>(label: string, items: T) {
  return z.tuple(items).meta({ label } satisfies ContentMeta);
}

/** A list of `min`..`max` items; the item's label names it in the editor. */
export function textList<T extends z.ZodType>(label: string, min: number, max: number, item: T) {
  return z
    .array(item)
    .min(min)
    .max(max)
    .meta({ label, hint: `Between ${min} and ${max} items.`, editor: { min, max } } satisfies ContentMeta);
}

/** One bare e-mail address, e.g. the contact address (docs/decisions/0010-confirmation-limits.md). */
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

/** A YYYY-MM-DD date, a string even when YAML read a Date; a text field, as Decap's picker shifts time zones. */
export function isoDate(label: string) {
  return z.preprocess(
    (value) =>
      value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value,
    text(10, label, {
      hint: "A date written YYYY-MM-DD, e.g. 2026-11-23.",
      pattern: [ISO_DATE.source, "Must be a date like 2026-11-23"],
    })
      .regex(ISO_DATE, "Must be a date like 2026-11-23")
      .refine((value) => z.iso.date().safeParse(value).success, "Must be a real date"),
  );
}

/** A file's markdown `body`: no raw HTML, no level-1 heading. */
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

type ContentNode = { name: string; prefix: string; schema: z.ZodObject };

const capitalise = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** One field's GraphQL type, declaring the object types it uses in `types`. @throws Error for an unused zod type */
function fieldType(schema: z.ZodType, name: string, types: Map<string, string>): string {
  const { inner, optional } = unwrap(schema);
  const meta = metaOf(inner);
  if (meta.graphql) return meta.graphql;
  const required = optional ? "" : "!";
  if (inner instanceof z.ZodObject) {
    const typeName = meta.typeName ?? name;
    if (!types.has(typeName)) objectType(inner, typeName, typeName, types);
    return typeName + required;
  }
  if (inner instanceof z.ZodTuple)
    return `[${fieldType(inner.def.items[0] as z.ZodType, name, types)}]${required}`;
  if (inner instanceof z.ZodArray)
    return `[${fieldType(inner.element as z.ZodType, name, types)}]${required}`;
  if (inner instanceof z.ZodString || inner instanceof z.ZodLiteral) return `String${required}`;
  throw new Error(`No GraphQL type for a zod ${inner.def.type} (${name})`);
}

function objectType(
  schema: z.ZodObject,
  name: string,
  prefix: string,
  types: Map<string, string>,
  node = false,
): void {
  types.set(name, ""); // claimed first, so a type used twice (Seo) is declared once
  const fields = Object.entries(schema.shape).map(
    ([key, child]) => `  ${key}: ${fieldType(child as z.ZodType, prefix + capitalise(key), types)}`,
  );
  fields.push(...(metaOf(schema).graphqlFields ?? []).map((field) => `  ${field}`));
  const header = node ? `${name} implements Node @dontInfer` : name;
  types.set(name, `type ${header} {\n${fields.join("\n")}\n}`);
}

/** GraphQL SDL of the content nodes (a field the schema may leave out is nullable) and every object type inside them, for `actions.createTypes`. */
export function graphqlTypeDefs(nodes: ContentNode[]): string {
  const types = new Map<string, string>();
  for (const { name, prefix, schema } of nodes) {
    objectType(schema, name, prefix, types, true);
  }
  return [...types.values()].join("\n\n");
}
