/** GraphQL types of the content nodes from ./schemas.ts (decision 0035); a field the schema may leave out is nullable. */
import { z } from "zod";
import { metaOf, unwrap } from "./fields";
import { aboutSchema, homeSchema, privacySchema, siteSchema } from "./schemas";

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

/** GraphQL SDL of the given content nodes and every object type inside them, for `actions.createTypes`. */
export function graphqlTypeDefs(nodes: ContentNode[]): string {
  const types = new Map<string, string>();
  for (const { name, prefix, schema } of nodes) {
    objectType(schema, name, prefix, types, true);
  }
  return [...types.values()].join("\n\n");
}

/** The site's content node types: SiteSettings, HomePage, AboutPage, PrivacyPage. */
export const contentTypeDefs = graphqlTypeDefs([
  { name: "SiteSettings", prefix: "Site", schema: siteSchema },
  { name: "HomePage", prefix: "Home", schema: homeSchema },
  { name: "AboutPage", prefix: "About", schema: aboutSchema },
  { name: "PrivacyPage", prefix: "Privacy", schema: privacySchema },
]);
