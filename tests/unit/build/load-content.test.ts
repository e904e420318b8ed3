/** @jest-environment node */
import path from "node:path";
import { ContentValidationError, loadContentFile, loadSiteContent } from "../../../build/load-content";
import { aboutSchema, homeSchema, siteSchema } from "../../../src/lib/content/schemas";

const ROOT = path.resolve(__dirname, "../../..");
const fixture = (name: string) => path.join(__dirname, "fixtures", name);
const shown = (name: string) => `tests/unit/build/fixtures/${name}`;

test("accepts the real content/", () => {
  const content = loadSiteContent(ROOT);
  expect(content.home.benefits.map((b) => b.title)).toEqual([
    "Improve Decisions",
    "Enhance Productivity & Safety",
    "Unlock Revenue",
  ]);
  expect(content.about.values).toHaveLength(6);
  expect(content.site.footer.rights).toContain("2025");
});

test.each([
  ["home-missing-benefit-title.md", homeSchema, "benefits.1.title: Required"],
  ["home-wrong-benefit-title.md", homeSchema, 'benefits.2.title: Must read exactly "Unlock Revenue"'],
  ["home-missing-copilot.md", homeSchema, "copilot: Required"],
  ["about-values-out-of-order.md", aboutSchema, 'values.0.title: Must read exactly "Safety by Design"'],
  ["about-one-founder.md", aboutSchema, "founders: Too small: expected array to have >=2 items"],
  ["site-wrong-year.json", siteSchema, "footer.rights: Must state the year 2025"],
  ["site-too-long.json", siteSchema, "siteName: Must be at most 60 characters"],
])("rejects %s naming the file and the field", (name, schema, expected) => {
  expect(() => loadContentFile(schema, fixture(name), ROOT)).toThrow(ContentValidationError);
  expect(() => loadContentFile(schema, fixture(name), ROOT)).toThrow(`${shown(name)}: ${expected}`);
});

test("rejects a file that does not parse", () => {
  expect(() => loadContentFile(homeSchema, fixture("home-broken-yaml.md"), ROOT)).toThrow(
    /^tests\/unit\/build\/fixtures\/home-broken-yaml\.md: cannot be parsed/,
  );
});

test("rejects a missing file", () => {
  expect(() => loadContentFile(siteSchema, fixture("nope.json"), ROOT)).toThrow(
    "tests/unit/build/fixtures/nope.json: file not found or unreadable",
  );
});

test("the confirmation's contact details must be one e-mail address and a phone number", () => {
  const { site } = loadSiteContent(ROOT);
  expect(site.contactDetails.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  const issues = (contactDetails: unknown) =>
    siteSchema
      .safeParse({ ...site, contactDetails })
      .error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  expect(issues({ email: "Sales <sales@example.com>", phone: "+61 8 6000 0000" })).toEqual([
    "contactDetails.email: Must be one e-mail address like name@example.com",
  ]);
  expect(issues({ email: "sales@example.com" })).toEqual(["contactDetails.phone: Required"]);
  expect(issues(undefined)).toEqual(["contactDetails: Required"]);
});
