/**
 * The Decap CMS configuration (docs/requirements.md#content-editing), one file entry per content file,
 * made from src/lib/content/schemas.ts so the editor accepts what the build accepts
 * (docs/decisions/0035-content-model-once.md). GitHub backend with the editorial workflow; `local_backend` on localhost.
 */
import type { CmsCollectionFile, CmsConfig, Formatter } from "decap-cms-core";
import type { z } from "zod";
import { metaOf } from "../lib/content/fields";
import { aboutSchema, homeSchema, privacySchema, siteSchema } from "../lib/content/schemas";
import { cmsFields } from "./fields";

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

/** GitHub repository the production editor commits to; set CMS_GITHUB_REPO at build time. */
const repo = process.env.GATSBY_CMS_GITHUB_REPO ?? "example-org/resources-ai-site";

function contentFile(name: string, file: string, schema: z.ZodObject): CmsCollectionFile {
  const { label = name, hint } = metaOf(schema);
  return { name, label, file, ...(hint && { description: hint }), fields: cmsFields(schema) };
}

/** The whole CMS configuration, passed to `CMS.init({ config })` with `load_config_file: false`. */
export const cmsConfig: CmsConfig = {
  load_config_file: false,
  backend: { name: "github", repo, branch: "main" },
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
      ],
    },
  ],
};
