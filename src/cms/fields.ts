/**
 * Decap CMS fields made from the zod content schemas and their metadata (docs/decisions/0035-content-model-once.md).
 * Decap's string widgets have no length option, so limits travel as `pattern`.
 */
import type { CmsField } from "decap-cms-core";
import { z } from "zod";
import { escapeRegExp, metaOf, unwrap } from "../lib/content/fields";

/** The editor fields of an object schema, one per key, in order. */
export function cmsFields(schema: z.ZodObject): CmsField[] {
  return Object.entries(schema.shape).map(([name, child]) => cmsField(name, child as z.ZodType));
}

/** One editor field: a group, a fixed-length list, a list or a text widget; `name` is its key in the file. */
export function cmsField(name: string, schema: z.ZodType): CmsField {
  const { inner, optional } = unwrap(schema);
  const { label = name, hint, widget = "string", pattern, editor } = metaOf(inner);
  const field = { name, label, required: !optional, ...(hint && { hint }) };
  if (inner instanceof z.ZodObject) {
    return { ...field, widget: "object", collapsed: false, fields: cmsFields(inner) };
  }
  if (inner instanceof z.ZodTuple) {
    const items = inner.def.items as z.ZodObject[];
    return {
      ...field,
      widget: "list",
      min: items.length,
      max: items.length,
      // The shipped Decap (3.6) knows no allow_remove or allow_reorder; min and max keep the count.
      allow_add: false,
      collapsed: false,
      summary: `{{fields.${Object.keys(items[0].shape)[0]}}}`,
      fields: itemFields(items),
    };
  }
  if (inner instanceof z.ZodArray) {
    // Decap saves the items as plain texts; the item field's name is not stored.
    const item = inner.element as z.ZodType;
    return { ...field, widget: "list", field: cmsField(metaOf(item).label!.toLowerCase(), item), ...editor };
  }
  return { ...field, widget, ...(pattern && { pattern }), ...editor } as CmsField;
}

/** The fields of a fixed list's items; a field whose items read different `exact` wordings offers those. */
function itemFields(items: z.ZodObject[]): CmsField[] {
  return Object.entries(items[0].shape).map(([name, child]) => {
    const literals = items
      .map((item) => item.shape[name] as z.ZodType)
      .filter((s) => s instanceof z.ZodLiteral);
    const wordings = [...new Set(literals.flatMap((s) => [...s.values].map(String)))];
    if (wordings.length < 2) return cmsField(name, child as z.ZodType);
    return {
      name,
      label: metaOf(child as z.ZodType).label ?? name,
      widget: "string",
      required: true,
      hint: `Fixed by the site specification, in this order: ${wordings.join(" / ")}.`,
      pattern: [
        `^(${wordings.map(escapeRegExp).join("|")})$`,
        `Must read exactly one of: ${wordings.join(", ")}`,
      ],
    };
  });
}
