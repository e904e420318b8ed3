/** The Decap CMS configuration, its fields made from the content schemas (docs/decisions/0035-content-model-once.md). */
import type { CmsCollectionFile, CmsConfig, CmsField, Formatter } from "decap-cms-core";
import { z } from "zod";
import { escapeRegExp, metaOf, unwrap } from "../lib/content/fields";
import {
  aboutSchema,
  homeSchema,
  privacyHubspotSchema,
  privacySchema,
  siteSchema,
} from "../lib/content/schemas";

/** Custom format name: JSON with the trailing newline prettier expects (registered in cms.tsx). */
export const JSON_FORMAT = "json-with-newline";

/** JSON as the repository keeps it, final newline included (Decap's own format omits it; prettier rejects that). */
export const jsonWithNewline: Formatter = {
  fromFile: (content) => JSON.parse(content) as unknown,
  toFile: (data, sortedKeys = []) => {
    const source = data as Record<string, unknown>;
    const ordered: Record<string, unknown> = {};
    for (const key of sortedKeys) if (key in source) ordered[key] = source[key];
    return `${JSON.stringify({ ...ordered, ...source }, null, 2)}\n`;
  },
};

/** The editor fields of an object schema, one per key, in order; limits travel as `pattern` (Decap has no length option). */
export function cmsFields(schema: z.ZodObject): CmsField[] {
  return Object.entries(schema.shape).map(([name, child]) => cmsField(name, child as z.ZodType));
}

function cmsField(name: string, schema: z.ZodType): CmsField {
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

function contentFile(name: string, file: string, schema: z.ZodObject): CmsCollectionFile {
  const { label = name, hint } = metaOf(schema);
  return { name, label, file, ...(hint && { description: hint }), fields: cmsFields(schema) };
}

/** The whole CMS configuration, passed to `CMS.init({ config })` with `load_config_file: false`. */
export const cmsConfig: CmsConfig = {
  load_config_file: false,
  // The repository the production editor commits to: CMS_GITHUB_REPO at build time.
  backend: {
    name: "github",
    repo: process.env.GATSBY_CMS_GITHUB_REPO ?? "example-org/resources-ai-site",
    branch: "main",
  },
  publish_mode: "editorial_workflow",
  local_backend: true,
  media_folder: "content/images",
  // Stored paths are relative to content/ ("images/x.png"), as the build's schema expects.
  public_folder: "images",
  site_url: process.env.GATSBY_CMS_SITE_URL ?? "https://www.example-resources-ai.com",
  editor: { preview: true },
  collections: [
    {
      name: "settings",
      label: "Site settings",
      format: JSON_FORMAT,
      delete: false,
      editor: { preview: false },
      files: [contentFile("site", "content/site.json", siteSchema)],
    },
    {
      name: "pages",
      label: "Pages",
      format: "frontmatter",
      delete: false,
      files: [
        contentFile("home", "content/home.md", homeSchema),
        contentFile("about", "content/about.md", aboutSchema),
        contentFile("privacy", "content/privacy.md", privacySchema),
        contentFile("privacy-hubspot", "content/privacy-hubspot.md", privacyHubspotSchema),
      ],
    },
  ],
};

/** On localhost, asks `gatsby develop` to source the content again after a save; elsewhere null. */
export function refreshLocalSite(
  hostname: string = window.location.hostname,
  post: (url: string) => Promise<unknown> = (url) => fetch(url, { method: "POST" }),
): Promise<unknown> | null {
  if (!["localhost", "127.0.0.1"].includes(hostname)) return null;
  // A failed refresh must not turn a successful save into an error in the editor.
  return post("/__refresh").catch(() => undefined);
}
