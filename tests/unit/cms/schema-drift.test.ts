/**
 * @jest-environment node
 *
 * docs/requirements.md#content-editing: the Decap CMS config (src/cms/config.ts) and the build-time zod
 * schemas (src/lib/content/schemas.ts) cannot drift apart. The mutation cases prove each kind of drift is
 * caught: a missing widget, a required field made optional, a changed limit.
 */
import { join } from "node:path";
import type { CmsCollectionFile, CmsConfig, CmsField } from "decap-cms-core";
import type { z } from "zod";
import { cmsConfig } from "../../../src/cms/config";
import { loadSiteContent } from "../../../build/load-content";
import { aboutSchema, homeSchema, privacySchema, siteSchema } from "../../../src/lib/content/schemas";
import { checkFile, padTo } from "./schema-drift";

const root = join(__dirname, "..", "..", "..");
const content = loadSiteContent(root);
const schemas = {
  "content/site.json": { schema: siteSchema, data: content.site },
  "content/home.md": { schema: homeSchema, data: content.home },
  "content/about.md": { schema: aboutSchema, data: content.about },
  "content/privacy.md": { schema: privacySchema, data: content.privacy },
};
type ContentFile = keyof typeof schemas;

function editorFiles(config: CmsConfig): CmsCollectionFile[] {
  return config.collections.flatMap((collection) => collection.files ?? []);
}

function drift(config: CmsConfig): string[] {
  const files = editorFiles(config);
  return (Object.keys(schemas) as ContentFile[]).flatMap((path) => {
    const file = files.find((f) => f.file === path);
    if (!file) return [`${path}: no collection in the editor`];
    return checkFile(schemas[path].schema, file.fields, schemas[path].data, path);
  });
}

/** A deep copy of the config with `change` applied to the field at `path` of `file`. */
function mutated(
  file: ContentFile,
  path: string[],
  change: (field: Record<string, unknown>) => void,
): CmsConfig {
  const copy = structuredClone(cmsConfig);
  let fields = editorFiles(copy).find((f) => f.file === file)!.fields as (CmsField &
    Record<string, unknown>)[];
  let field: (CmsField & Record<string, unknown>) | undefined;
  for (const name of path) {
    field = fields.find((f) => f.name === name);
    if (!field) throw new Error(`no field ${name}`);
    fields = (field.fields ?? (field.field ? [field.field] : [])) as typeof fields;
  }
  change(field!);
  return copy;
}

function removeField(file: ContentFile, parent: string[], name: string): CmsConfig {
  const copy = mutated(file, parent, (field) => {
    field.fields = (field.fields as CmsField[]).filter((f) => f.name !== name);
  });
  return copy;
}

test("every content file has a collection and every schema field a matching widget", () => {
  expect(drift(cmsConfig)).toEqual([]);
});

test("every file collection points at a content file the build validates", () => {
  expect(
    editorFiles(cmsConfig)
      .map((f) => f.file)
      .sort(),
  ).toEqual(Object.keys(schemas).sort());
});

test("a schema field without a widget is drift", () => {
  expect(drift(removeField("content/about.md", ["founders"], "bio"))).toContain(
    "content/about.md: founders.0.bio: no editor widget",
  );
  expect(drift(removeField("content/home.md", ["copilot"], "screenshot"))).toContain(
    "content/home.md: copilot.screenshot: no editor widget",
  );
});

test("a required field that is optional in the editor is drift", () => {
  const config = mutated("content/about.md", ["values", "description"], (f) => (f.required = false));
  expect(drift(config)).toContain(
    "content/about.md: values.0.description: required in the schema but optional in the editor",
  );
});

test("an optional schema field must be optional in the editor too", () => {
  const config = mutated("content/home.md", ["claims", "note"], (f) => (f.required = true));
  expect(drift(config)).toContain(
    "content/home.md: claims.0.note: optional in the schema but required in the editor",
  );
});

test("a different maximum length is drift, in either direction", () => {
  const longer = mutated(
    "content/about.md",
    ["founders", "bio"],
    (f) => (f.pattern = ["^[\\s\\S]{1,501}$", "x"]),
  );
  expect(drift(longer)).toContain(
    "content/about.md: founders.0.bio: limit differs: the schema rejects a 501-character value the editor does not",
  );
  const shorter = mutated("content/site.json", ["siteName"], (f) => (f.pattern = ["^[\\s\\S]{1,59}$", "x"]));
  expect(drift(shorter)).toContain(
    "content/site.json: siteName: limit differs: the schema accepts a 60-character value the editor does not",
  );
  const none = mutated("content/home.md", ["hero", "headline"], (f) => delete f.pattern);
  expect(drift(none)).toContain(
    "content/home.md: hero.headline: the editor has no pattern, so it does not enforce the schema's limit",
  );
});

test("fixed wording and list lengths are enforced the same way", () => {
  const loose = mutated("content/site.json", ["cta", "requestDemo"], (f) => (f.pattern = ["^.+$", "x"]));
  expect(drift(loose)).toContain(
    "content/site.json: cta.requestDemo: limit differs: the schema rejects a 13-character value the editor does not",
  );
  const growing = mutated("content/home.md", ["copilot", "points"], (f) => (f.max = 6));
  expect(drift(growing)).toContain(
    "content/home.md: copilot.points: list length differs: schema 1..5, editor 1..6",
  );
  const addable = mutated("content/about.md", ["values"], (f) => (f.allow_add = true));
  expect(drift(addable)).toContain(
    "content/about.md: values: the schema fixes 6 items but the editor can add or remove items",
  );
});

test("an editor field the schema does not know is drift", () => {
  const config = mutated("content/home.md", ["hero"], (f) => {
    (f.fields as CmsField[]).push({ name: "subtitle", label: "Subtitle", widget: "string" });
  });
  expect(drift(config)).toContain("content/home.md: hero.subtitle: editor field the schema does not have");
});

test("padTo lengthens in the middle so prefixes and suffixes survive", () => {
  expect(padTo("images/a.png", 15)).toBe("images/aaaa.png");
  expect(padTo("", 3)).toBe("aax");
  expect(padTo("images/a.png", 15)).toHaveLength(15);
  expect(padTo("images/a.png", 15)).toMatch(/^images\/.*\.png$/);
});

test("the collection notice and the privacy page are editable, with the build's limits", () => {
  expect(drift(removeField("content/site.json", ["contact"], "notice"))).toContain(
    "content/site.json: contact.notice: no editor widget",
  );
  const longNotice = mutated(
    "content/site.json",
    ["contact", "notice", "text"],
    (f) => (f.pattern = ["^[\\s\\S]{1,401}$", "x"]),
  );
  expect(drift(longNotice)).toContain(
    "content/site.json: contact.notice.text: limit differs: the schema rejects a 401-character value the editor does not",
  );
  const noBody = structuredClone(cmsConfig);
  const privacy = editorFiles(noBody).find((f) => f.file === "content/privacy.md")!;
  privacy.fields = privacy.fields.filter((f) => f.name !== "body");
  expect(drift(noBody)).toContain("content/privacy.md: body: no editor widget");
  const longBody = mutated("content/privacy.md", ["body"], (f) => (f.pattern = ["^[\\s\\S]{1,20001}$", "x"]));
  expect(drift(longBody)).toContain(
    "content/privacy.md: body: limit differs: the schema rejects a 20001-character value the editor does not",
  );
});

test("the editor refuses what the build refuses in the privacy page's body, date and address", () => {
  const fields = editorFiles(cmsConfig).find((f) => f.file === "content/privacy.md")!.fields;
  const pattern = (...path: string[]) => {
    let field = fields.find((f) => f.name === path[0]) as CmsField & { fields?: CmsField[] };
    for (const name of path.slice(1)) field = field.fields!.find((f) => f.name === name)!;
    const [source] = (field as { pattern: [string, string] }).pattern;
    return new RegExp(source);
  };
  const body = content.privacy.body;
  const cases: [z.ZodType, RegExp, string[]][] = [
    [
      privacySchema.shape.body,
      pattern("body"),
      [
        body,
        `${body}\n<script>alert(1)</script>\n`,
        `# A second title\n\n${body}`,
        `${body}\nA second title\n===\n`,
        `${body}\nSee <https://www.oaic.gov.au/> or write to <privacy@example.com>.\n`,
        "## Only a heading\n",
        "   ",
      ],
    ],
    [
      privacySchema.shape.lastUpdated.shape.date,
      pattern("lastUpdated", "date"),
      ["2026-11-23", "23/11/2026", "2026-1-23", ""],
    ],
    [
      privacySchema.shape.requests.shape.email,
      pattern("requests", "email"),
      ["privacy@example.com", "privacy@example", "two words@example.com", "<privacy@example.com>", ""],
    ],
  ];
  for (const [schema, editor, samples] of cases) {
    for (const sample of samples) {
      expect([sample, editor.test(sample)]).toEqual([sample, schema.safeParse(sample).success]);
    }
  }
  // The cases above include both verdicts, so the comparison can fail either way.
  expect(privacySchema.shape.body.safeParse(`${body}<div>x</div>`).success).toBe(false);
  expect(privacySchema.shape.body.safeParse(body).success).toBe(true);
});
