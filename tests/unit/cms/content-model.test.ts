/**
 * @jest-environment node
 *
 * docs/decisions/0035-content-model-once.md: the zod content schemas are the only description of
 * the content model; the GraphQL types and the Decap CMS fields are made from them, so the
 * editor, the build and the page queries cannot drift apart (docs/requirements.md#content-editing).
 */
import { join } from "node:path";
import type { CmsField } from "decap-cms-core";
import { z } from "zod";
import { contentTypeDefs, loadSiteContent } from "../../../build/load-content";
import { cmsConfig, cmsFields } from "../../../src/cms/config";
import { graphqlTypeDefs, metaOf, section, text, textList, unwrap } from "../../../src/lib/content/fields";
import {
  aboutSchema,
  homeSchema,
  privacyHubspotSchema,
  privacySchema,
  siteSchema,
} from "../../../src/lib/content/schemas";

type Field = CmsField & { fields?: CmsField[]; field?: CmsField; pattern?: [string, string] };

const content = loadSiteContent(join(__dirname, "..", "..", ".."));
const files = {
  "content/site.json": { schema: siteSchema, data: content.site },
  "content/home.md": { schema: homeSchema, data: content.home },
  "content/about.md": { schema: aboutSchema, data: content.about },
  "content/privacy.md": { schema: privacySchema, data: content.privacy },
  "content/privacy-hubspot.md": { schema: privacyHubspotSchema, data: content.privacyHubspot },
};
const editorFiles = cmsConfig.collections.flatMap((collection) => collection.files ?? []);

/** The SDL block of one type, from `type Name` to its closing brace. */
function typeBlock(sdl: string, name: string): string {
  const match = new RegExp(`type ${name}\\b[^{]*\\{[^}]*\\}`).exec(sdl);
  if (!match) throw new Error(`no type ${name}`);
  return match[0];
}

/**
 * Lengthens `seed` to `length` characters by repeating a letter inside it, at the first word
 * character from its middle on, so prefixes and extensions ("images/", ".png") survive.
 */
function padTo(seed: string, length: number): string {
  const base = seed.length > 0 ? seed : "x";
  if (base.length >= length) return base.slice(0, length);
  const middle = Math.floor(base.length / 2);
  const nextWord = base.slice(middle).search(/\w/);
  const cut = nextWord >= 0 ? middle + nextWord : middle;
  return base.slice(0, cut) + "a".repeat(length - base.length) + base.slice(cut);
}

/**
 * Texts on which a text field's editor pattern and its zod schema disagree: its current value,
 * that value padded to the schema's limit and one past it; for an exact wording, the wording and
 * the wording with one more letter.
 */
function disagreements(schema: z.ZodType, field: Field, value: unknown, path: string): string[] {
  const { inner } = unwrap(schema);
  const data = (value ?? {}) as Record<string, unknown> & unknown[];
  if (inner instanceof z.ZodObject || inner instanceof z.ZodTuple) {
    const objects = inner instanceof z.ZodObject ? [inner] : (inner.def.items as z.ZodObject[]);
    return objects.flatMap((object, i) =>
      Object.entries(object.shape).flatMap(([key, child]) => {
        const item = inner instanceof z.ZodTuple ? (data[i] as Record<string, unknown>) : data;
        const sub = field.fields!.find((f) => f.name === key) as Field;
        const at = inner instanceof z.ZodTuple ? `${path}.${i}.${key}` : `${path}.${key}`;
        return disagreements(child as z.ZodType, sub, item?.[key], at);
      }),
    );
  }
  if (inner instanceof z.ZodArray) {
    return (data.length > 0 ? data : ["x"]).flatMap((item, i) =>
      disagreements(inner.element as z.ZodType, field.field as Field, item, `${path}.${i}`),
    );
  }
  const pattern = new RegExp(field.pattern![0]);
  const seed = typeof value === "string" && value.length > 0 ? value : "x";
  const probes =
    inner instanceof z.ZodLiteral
      ? [...inner.values].flatMap((v) => [String(v), `${String(v)}x`])
      : [
          seed,
          padTo(seed, (inner as z.ZodString).maxLength!),
          padTo(seed, (inner as z.ZodString).maxLength! + 1),
        ];
  return probes
    .filter((probe) => schema.safeParse(probe).success !== pattern.test(probe))
    .map((probe) => `${path}: the editor and the build disagree on a ${probe.length}-character value`);
}

test("a field added once to the schema is checked by the build, typed in GraphQL and editable", () => {
  const hero = homeSchema.shape.hero;
  const extended = section(metaOf(homeSchema), {
    ...homeSchema.shape,
    hero: section(metaOf(hero), { ...hero.shape, kicker: text(50, "Kicker").optional() }),
    partners: textList("Partners", 1, 4, text(60, "Partner", { hint: "One company name." })),
  });

  const sdl = graphqlTypeDefs([{ name: "HomePage", prefix: "Home", schema: extended }]);
  expect(typeBlock(sdl, "HomePage")).toContain("  partners: [String!]!\n");
  expect(typeBlock(sdl, "HomeHero")).toContain("  kicker: String\n");

  const fields = cmsFields(extended);
  const partners = fields.find((f) => f.name === "partners") as Field;
  expect(partners).toMatchObject({ label: "Partners", widget: "list", required: true, min: 1, max: 4 });
  expect(partners.field).toMatchObject({ label: "Partner", widget: "string", hint: "One company name." });
  const kicker = (fields.find((f) => f.name === "hero") as Field).fields!.find((f) => f.name === "kicker");
  expect(kicker).toMatchObject({
    label: "Kicker",
    widget: "string",
    required: false,
    hint: "Up to 50 characters.",
  });

  const issues = extended.safeParse({
    ...content.home,
    hero: { ...content.home.hero, kicker: "x".repeat(51) },
  });
  expect(issues.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
    "hero.kicker: Must be at most 50 characters",
    "partners: Invalid input: expected array, received undefined",
  ]);
  expect(disagreements(extended, { fields } as Field, content.home, "home")).toEqual([]);
});

test("every content file has an editor entry and a GraphQL node type", () => {
  expect(editorFiles.map((f) => f.file).sort()).toEqual(Object.keys(files).sort());
  for (const node of ["SiteSettings", "HomePage", "AboutPage", "PrivacyPage"]) {
    expect(contentTypeDefs).toContain(`type ${node} implements Node @dontInfer {`);
  }
});

test("every text's editor pattern accepts and rejects what the build does, at its limit", () => {
  const problems = Object.entries(files).flatMap(([path, { schema, data }]) => {
    const file = editorFiles.find((f) => f.file === path)!;
    return disagreements(schema, { fields: file.fields } as Field, data, path);
  });
  expect(problems).toEqual([]);
  // The comparison can fail: a looser limit in the editor is found.
  const loose = {
    name: "siteName",
    label: "Site name",
    widget: "string",
    pattern: ["^[\\s\\S]{1,61}$", "x"],
  };
  expect(disagreements(siteSchema.shape.siteName, loose as Field, "Resources AI", "siteName")).toEqual([
    "siteName: the editor and the build disagree on a 61-character value",
  ]);
});

test("the GraphQL types keep the page queries' links and optional fields", () => {
  expect(typeBlock(contentTypeDefs, "HomeScreenshot")).toContain(
    'image: File @link(by: "relativePath", from: "src")',
  );
  expect(typeBlock(contentTypeDefs, "PrivacyPage")).toContain(
    'body: MarkdownRemark! @link(by: "fileAbsolutePath", from: "bodyFile")',
  );
  expect(typeBlock(contentTypeDefs, "HomeClaim")).toContain("  note: String\n");
  expect(typeBlock(contentTypeDefs, "HomePage")).toContain("  benefits: [HomeBenefit!]!\n");
  expect(typeBlock(contentTypeDefs, "SiteContact")).toContain("  notice: SiteContactNotice!\n");
  expect(contentTypeDefs.match(/type Seo \{/g)).toHaveLength(1);
  expect(() => graphqlTypeDefs([{ name: "X", prefix: "X", schema: z.object({ n: z.number() }) }])).toThrow(
    "No GraphQL type for a zod number (XN)",
  );
});

test("a fixed list of spec titles offers them in order and cannot grow", () => {
  const about = editorFiles.find((f) => f.file === "content/about.md")!;
  const values = about.fields.find((f) => f.name === "values") as Field;
  expect(values).toMatchObject({
    min: 6,
    max: 6,
    allow_add: false,
    summary: "{{fields.title}}",
  });
  const title = values.fields!.find((f) => f.name === "title") as Field;
  expect(title.hint).toBe(
    "Fixed by the site specification, in this order: Safety by Design / People First Always / Built on Trust / Radical Simplicity / Partnership Over Transaction / Future Shaping.",
  );
  expect(new RegExp(title.pattern![0]).test("Built on Trust")).toBe(true);
  expect(new RegExp(title.pattern![0]).test("Built on Trust!")).toBe(false);
});

test("the editor refuses what the build refuses in the privacy page's body, date and address", () => {
  const fields = editorFiles.find((f) => f.file === "content/privacy.md")!.fields as Field[];
  const pattern = (...path: string[]) => {
    let field = fields.find((f) => f.name === path[0])!;
    for (const name of path.slice(1)) field = field.fields!.find((f) => f.name === name) as Field;
    return new RegExp(field.pattern![0]);
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
