/**
 * @jest-environment node
 *
 * docs/requirements.md#personal-data: the collection notice (content/site.json `contact.notice`, the footer's
 * privacy link) and the privacy page (content/privacy.md: frontmatter and markdown body) are checked at build
 * time; a missing, too long or malformed field fails naming the file and the field. Each case edits a copy of
 * the real file in a scratch project. Both texts say what the visit's first landing records (decision 0024).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import matter from "gray-matter";
import { ContentValidationError, loadContentFile, loadSiteContent } from "../../../build/load-content";
import { privacySchema, siteSchema } from "../../../src/lib/content/schemas";
import { ATTRIBUTION_QUERY_KEYS } from "../../../src/lib/attribution";

const ROOT = path.resolve(__dirname, "../../..");

/** A new value for one field: text, a change of the current text, or undefined to remove it. */
type Edit = string | undefined | ((current: string) => string);
type Tree = { [key: string]: unknown };

/** Sets (or removes) the field at the dotted `fieldPath` of `tree`. */
function apply(tree: Tree, fieldPath: string, edit: Edit) {
  const keys = fieldPath.split(".");
  const parent = keys.slice(0, -1).reduce((node, key) => node[key] as Tree, tree);
  const key = keys[keys.length - 1];
  if (edit === undefined) delete parent[key];
  else parent[key] = typeof edit === "function" ? edit(String(parent[key])) : edit;
}

let project: string;
beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), "privacy-content-"));
  mkdirSync(path.join(project, "content"));
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

/** Writes content/site.json with one field edited into the scratch project; returns its loader. */
function siteWith(fieldPath: string, edit: Edit) {
  const site = JSON.parse(readFileSync(path.join(ROOT, "content/site.json"), "utf8")) as Tree;
  apply(site, fieldPath, edit);
  const file = path.join(project, "content/site.json");
  writeFileSync(file, JSON.stringify(site));
  return () => loadContentFile(siteSchema, file, project);
}

/** The same for content/privacy.md; the field path "body" is the markdown below the frontmatter. */
function privacyWith(fieldPath: string, edit: Edit) {
  const { data, content } = matter(readFileSync(path.join(ROOT, "content/privacy.md"), "utf8"));
  // A plain copy: the date goes back to YYYY-MM-DD text, which js-yaml writes quoted.
  const file = { ...(JSON.parse(JSON.stringify(data)) as Tree), body: content };
  apply(file, "lastUpdated.date", (date) => date.slice(0, 10));
  apply(file, fieldPath, edit);
  const { body, ...frontmatter } = file;
  const target = path.join(project, "content/privacy.md");
  writeFileSync(target, matter.stringify(String(body ?? ""), frontmatter));
  return () => loadContentFile(privacySchema, target, project);
}

test("the real content has the notice, the footer link and the privacy page with its markdown body", () => {
  const content = loadSiteContent(ROOT);
  expect(content.site.contact.notice.text).toMatch(/SendGrid.*Netlify.*United States/s);
  expect(content.site.contact.notice.link.length).toBeGreaterThan(0);
  expect(content.site.footer.privacy.length).toBeGreaterThan(0);
  expect(content.privacy.body).toContain("## How long we keep it");
  expect(content.privacy.requests.email).toMatch(/^[^@\s]+@[^@\s]+$/);
  // YAML reads the unquoted date as a Date; the schema hands it on as YYYY-MM-DD text.
  expect(content.privacy.lastUpdated.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test("the notice and the privacy page say what the visit's first landing records, where, and why", () => {
  const { site, privacy } = loadSiteContent(ROOT);
  expect(site.contact.notice.text).toMatch(
    /where your visit began.*campaign tags.*no cookie.*what brought you/s,
  );
  // Every landing-URL parameter the recorder keeps is named; so is where it is kept and why.
  for (const key of ATTRIBUTION_QUERY_KEYS) expect(privacy.body).toContain(`\`${key}\``);
  expect(privacy.body).toMatch(/session storage.*deleted when you close the tab/s);
  expect(privacy.body).toMatch(/not a cookie/);
  expect(privacy.body).toMatch(/which campaigns and sites bring demo requests/);
});

test("the privacy page says that sales sees earlier requests from the same company's e-mail domain", () => {
  const { privacy } = loadSiteContent(ROOT);
  expect(privacy.body).toMatch(/sales team also sees earlier requests from the same e-mail domain/);
});

test.each<[string, string, Edit, string]>([
  ["no notice", "contact.notice", undefined, "contact.notice: Required"],
  ["no notice text", "contact.notice.text", undefined, "contact.notice.text: Required"],
  ["a blank notice text", "contact.notice.text", "   ", "contact.notice.text: Required"],
  [
    "a notice over 400 characters",
    "contact.notice.text",
    "x".repeat(401),
    "contact.notice.text: Must be at most 400 characters",
  ],
  [
    "a link text over 60 characters",
    "contact.notice.link",
    "x".repeat(61),
    "contact.notice.link: Must be at most 60 characters",
  ],
  ["no footer privacy link", "footer.privacy", undefined, "footer.privacy: Required"],
])("content/site.json with %s fails naming the file and the field", (_name, fieldPath, edit, expected) => {
  const load = siteWith(fieldPath, edit);
  expect(load).toThrow(ContentValidationError);
  expect(load).toThrow(`content/site.json: ${expected}`);
});

test.each<[string, string, Edit, string]>([
  ["no privacy address", "requests.email", undefined, "requests.email: Required"],
  [
    "a malformed address",
    "requests.email",
    "privacy at example.com",
    "requests.email: Must be one e-mail address like name@example.com",
  ],
  ["no requests heading", "requests.heading", undefined, "requests.heading: Required"],
  ["a title over 80 characters", "title", "x".repeat(81), "title: Must be at most 80 characters"],
  [
    "an SEO title over 70 characters",
    "seo.title",
    "x".repeat(71),
    "seo.title: Must be at most 70 characters",
  ],
  ["no last-updated date", "lastUpdated.date", undefined, "lastUpdated.date: Required"],
  [
    "a date in another format",
    "lastUpdated.date",
    "23/11/2026",
    "lastUpdated.date: Must be a date like 2026-11-23",
  ],
  ["a date that does not exist", "lastUpdated.date", "2026-02-30", "lastUpdated.date: Must be a real date"],
  ["an empty body", "body", "\n", "body: Required"],
  ["a body over 20000 characters", "body", "x".repeat(20001), "body: Must be at most 20000 characters"],
  [
    "raw HTML in the body",
    "body",
    (body) => `${body}\n<script src="/x.js"></script>\n`,
    "body: Must be markdown without HTML tags",
  ],
  [
    "a level-1 heading in the body",
    "body",
    (body) => `# Privacy\n${body}`,
    "body: Must not use level-1 headings (#)",
  ],
])("content/privacy.md with %s fails naming the file and the field", (_name, fieldPath, edit, expected) => {
  const load = privacyWith(fieldPath, edit);
  expect(load).toThrow(ContentValidationError);
  expect(load).toThrow(`content/privacy.md: ${expected}`);
});

test("a date the editor wrote as quoted text is accepted as it is", () => {
  const load = privacyWith("lastUpdated.date", "2026-12-01");
  expect(load().lastUpdated.date).toBe("2026-12-01");
});

test("markdown autolinks are not mistaken for HTML", () => {
  const load = privacyWith(
    "body",
    (body) => `${body}\nWrite to <privacy@example.com> or see <https://www.oaic.gov.au/>.\n`,
  );
  expect(load().body).toContain("<https://www.oaic.gov.au/>");
});

test("a missing content/privacy.md stops the whole content load naming the file", () => {
  for (const name of ["site.json", "home.md", "about.md"]) {
    writeFileSync(path.join(project, "content", name), readFileSync(path.join(ROOT, "content", name)));
  }
  mkdirSync(path.join(project, "content/images"));
  writeFileSync(path.join(project, "content/images/copilot-screenshot.png"), "");
  expect(() => loadSiteContent(project)).toThrow("content/privacy.md: file not found or unreadable");
});
