/**
 * Compares a Decap CMS field tree with a zod content schema (docs/requirements.md#content-editing:
 * the editor and the build cannot drift apart). Limits are compared by behaviour, not by parsing patterns:
 * each text leaf's current value is padded to the schema's maximum length and one past it,
 * and the editor's pattern must accept and reject exactly what zod accepts and rejects.
 */
import type { CmsField } from "decap-cms-core";
import { z } from "zod";

type Field = CmsField & Record<string, unknown>;

/**
 * Lengthens `seed` to `length` characters by repeating a letter inside it, at the first word
 * character from its middle on, so prefixes and extensions ("images/", ".png") survive.
 */
export function padTo(seed: string, length: number): string {
  const base = seed.length > 0 ? seed : "x";
  if (base.length >= length) return base.slice(0, length);
  const middle = Math.floor(base.length / 2);
  const nextWord = base.slice(middle).search(/\w/);
  const cut = nextWord >= 0 ? middle + nextWord : middle;
  return base.slice(0, cut) + "a".repeat(length - base.length) + base.slice(cut);
}

function patternOf(field: Field): RegExp | null {
  const pattern = field.pattern;
  if (!pattern) return null;
  return pattern[0] instanceof RegExp ? pattern[0] : new RegExp(pattern[0]);
}

function lengthChecks(schema: z.ZodType): { min?: number; max?: number } {
  const result: { min?: number; max?: number } = {};
  for (const check of schema.def.checks ?? []) {
    const def = check._zod.def as { check: string; minimum?: number; maximum?: number };
    if (def.check === "min_length") result.min = def.minimum;
    if (def.check === "max_length") result.max = def.maximum;
  }
  return result;
}

function checkLeaf(schema: z.ZodType, field: Field, seed: unknown, path: string): string[] {
  if (!["string", "text", "image", "markdown"].includes(String(field.widget ?? "string"))) {
    return [`${path}: text in the schema but a "${String(field.widget)}" widget in the editor`];
  }
  const pattern = patternOf(field);
  if (!pattern) return [`${path}: the editor has no pattern, so it does not enforce the schema's limit`];
  const start = typeof seed === "string" && seed.length > 0 ? seed : "x";
  const probes =
    schema.def.type === "literal"
      ? (schema.def as unknown as { values: string[] }).values.flatMap((v) => [v, `${v}x`])
      : [
          start,
          padTo(start, (schema as z.ZodString).maxLength ?? 1),
          padTo(start, ((schema as z.ZodString).maxLength ?? 0) + 1),
        ];
  return probes
    .filter((probe) => schema.safeParse(probe).success !== pattern.test(probe))
    .map((probe) => {
      const verdict = schema.safeParse(probe).success ? "accepts" : "rejects";
      return `${path}: limit differs: the schema ${verdict} a ${probe.length}-character value the editor does not`;
    });
}

function checkObjectFields(
  shape: Record<string, z.ZodType>,
  fields: Field[] | undefined,
  seed: unknown,
  path: string,
): string[] {
  const problems: string[] = [];
  const byName = new Map((fields ?? []).map((f) => [f.name, f]));
  const data = (seed ?? {}) as Record<string, unknown>;
  for (const [key, child] of Object.entries(shape)) {
    const childPath = path ? `${path}.${key}` : key;
    const field = byName.get(key);
    if (!field) problems.push(`${childPath}: no editor widget`);
    else problems.push(...checkField(child, field, data[key], childPath));
  }
  for (const name of byName.keys()) {
    if (!(name in shape))
      problems.push(`${path ? `${path}.` : ""}${name}: editor field the schema does not have`);
  }
  return problems;
}

/**
 * Checks one editor field against its schema, recursively.
 * @param schema the zod schema of this value
 * @param field the Decap field for it
 * @param seed the value now in the content file (used to build probe texts)
 * @param path dotted field path for messages
 * @returns one message per mismatch, empty when the two agree
 */
export function checkField(schema: z.ZodType, field: Field, seed: unknown, path: string): string[] {
  let inner = schema;
  const optional = schema.def.type === "optional";
  if (optional) inner = (schema.def as unknown as { innerType: z.ZodType }).innerType;
  // z.preprocess (e.g. a YAML date read back as text): the editor sees the checked text.
  if (inner.def.type === "pipe") inner = (inner.def as unknown as { out: z.ZodType }).out;
  const problems: string[] = [];
  if (!optional && field.required === false)
    problems.push(`${path}: required in the schema but optional in the editor`);
  if (optional && field.required !== false)
    problems.push(`${path}: optional in the schema but required in the editor`);
  switch (inner.def.type) {
    case "object": {
      if (field.widget !== "object")
        return [...problems, `${path}: object in the schema but not in the editor`];
      const shape = (inner as z.ZodObject).shape as Record<string, z.ZodType>;
      return [...problems, ...checkObjectFields(shape, field.fields as Field[], seed, path)];
    }
    case "tuple":
    case "array":
      return [...problems, ...checkList(inner, field, seed, path)];
    default:
      return [...problems, ...checkLeaf(inner, field, seed, path)];
  }
}

function checkList(schema: z.ZodType, field: Field, seed: unknown, path: string): string[] {
  if (field.widget !== "list") return [`${path}: list in the schema but not in the editor`];
  const items = Array.isArray(seed) ? seed : [];
  const problems: string[] = [];
  let itemSchemas: z.ZodType[];
  let min: number | undefined;
  let max: number | undefined;
  if (schema.def.type === "tuple") {
    itemSchemas = (schema.def as unknown as { items: z.ZodType[] }).items;
    min = max = itemSchemas.length;
    if (field.allow_add !== false || field.allow_remove !== false) {
      problems.push(`${path}: the schema fixes ${min} items but the editor can add or remove items`);
    }
  } else {
    const element = (schema.def as unknown as { element: z.ZodType }).element;
    ({ min, max } = lengthChecks(schema));
    itemSchemas = (items.length > 0 ? items : [undefined]).map(() => element);
  }
  if (field.min !== min || field.max !== max) {
    problems.push(
      `${path}: list length differs: schema ${min}..${max}, editor ${String(field.min)}..${String(field.max)}`,
    );
  }
  itemSchemas.forEach((itemSchema, i) => {
    const itemPath = `${path}.${i}`;
    if (field.field) problems.push(...checkField(itemSchema, field.field as Field, items[i], itemPath));
    else if (itemSchema.def.type === "object") {
      const shape = (itemSchema as z.ZodObject).shape as Record<string, z.ZodType>;
      problems.push(...checkObjectFields(shape, field.fields as Field[], items[i], itemPath));
    } else problems.push(`${itemPath}: no editor widget`);
  });
  return problems;
}

/**
 * Checks a whole content file: the schema's top-level object against the file's editor fields.
 * @returns one message per mismatch, prefixed with the file
 */
export function checkFile(schema: z.ZodObject, fields: CmsField[], content: unknown, file: string): string[] {
  const shape = schema.shape as Record<string, z.ZodType>;
  return checkObjectFields(shape, fields as Field[], content, "").map((p) => `${file}: ${p}`);
}
