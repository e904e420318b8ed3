/**
 * Every requirement the code and docs cite resolves (docs/requirements.md#lead-path-and-alerts):
 * each "spec section N" to a heading of docs/requirements.md, each docs/ path (decision records
 * included) and relative markdown link to a file that exists, and its "#anchor" to a heading of
 * that file. No file cites an issue number, which a reader of the repository cannot open
 * (docs/requirements.md#architecture-and-documentation).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, relative, sep } from "node:path";
import { findReferences, headingId, type Reference, unresolved } from "./references";

const root = join(__dirname, "..", "..", "..");

// Build output, dependencies, test output and binary assets hold no references of ours.
const SKIPPED = new Set([
  "node_modules",
  ".git",
  ".cache",
  "public",
  ".netlify",
  ".data",
  "test-results",
  "playwright-report",
  "bench/results",
  "docs/images",
  "content/images",
  "static",
  // This folder's tests write unresolvable references on purpose.
  "tests/unit/docs",
]);
const TEXT = new Set([".ts", ".tsx", ".mts", ".mjs", ".js", ".cjs", ".md", ".toml", ".css", ".yml", ""]);

function projectFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const key = relative(root, path).split(sep).join("/");
    if (SKIPPED.has(key)) return [];
    if (entry.isDirectory()) return projectFiles(path);
    return entry.isFile() && TEXT.has(extname(entry.name)) ? [path] : [];
  });
}

test("every spec section, docs/ path, anchor and markdown link cited in the project resolves, and no file cites an issue", () => {
  const files = projectFiles();
  expect(files).toContain(join(root, "netlify.toml"));
  const broken = files.flatMap((file) =>
    findReferences(readFileSync(file, "utf8"), file.endsWith(".md")).flatMap((reference) => {
      const why = unresolved(reference, file, root);
      return why ? [`${relative(root, file)}:${reference.line}: ${why}`] : [];
    }),
  );
  expect(broken).toEqual([]);
});

test("decision records are numbered NNNN-title.md, each number once, and their title carries it", () => {
  const folder = join(root, "docs", "decisions");
  const names = readdirSync(folder)
    .filter((name) => name !== "README.md") // the index (decision-records.test.ts)
    .sort();
  for (const name of names) {
    expect(name).toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
    const title = readFileSync(join(folder, name), "utf8").split("\n")[0];
    expect(`${name}: ${title}`).toMatch(new RegExp(`^(\\d{4})-.*: # \\1\\b`));
  }
  const numbers = names.map((name) => name.slice(0, 4));
  expect(new Set(numbers).size).toBe(numbers.length);
});

describe("findReferences", () => {
  const targets = (text: string, markdown = false) =>
    findReferences(text, markdown).map(({ kind, target }) => `${kind} ${target}`);

  test("reads single numbers, lists and ranges", () => {
    expect(targets("the spec section 5 rules; spec sections 1, 2 and 9")).toEqual([
      "spec 5",
      "spec 1",
      "spec 2",
      "spec 9",
    ]);
    expect(targets("Spec sections 2 to 4")).toEqual(["spec 2", "spec 3", "spec 4"]);
    expect(targets("issue #6, Issues: #5 or #7, issues 3 and 4")).toEqual([
      "issue 6",
      "issue 5",
      "issue 7",
      "issue 3",
      "issue 4",
    ]);
  });

  test("does not read a measurement after a list comma as an issue", () => {
    expect(targets("(issue 4, 32 KB) and (issue 5, 2.5 s)")).toEqual(["issue 4", "issue 5"]);
  });

  test("finds docs/ paths and relative markdown links", () => {
    expect(targets("as decided in docs/decisions/0008-x.md.", false)).toEqual([
      "path docs/decisions/0008-x.md",
    ]);
    expect(targets("(docs/requirements.md#spam-defence). See docs/a.md#b-c, docs/d.md# e")).toEqual([
      "path docs/requirements.md#spam-defence",
      "path docs/a.md#b-c",
      "path docs/d.md",
    ]);
    expect(targets("[a](../b.md#c) [web](https://example.com) [top](#d)", true)).toEqual([
      "link ../b.md#c",
      "link #d",
    ]);
  });
});

describe("unresolved", () => {
  test("names a missing section, path, file and anchor, and reports an issue", () => {
    const from = join(root, "docs", "performance.md");
    const why = (kind: Reference["kind"], target: string) =>
      unresolved({ kind, target, line: 1 }, from, root);
    expect(why("spec", "10")).toMatch(/no heading "Spec section 10"/);
    expect(why("issue", "1")).toBe(
      "cites issue 1, which a reader cannot open: cite a section of docs/requirements.md or a decision record",
    );
    expect(why("path", "docs/decisions/0005-cache-headers.md")).toMatch(/does not exist/);
    expect(why("link", "requirements.md#no-such-heading")).toMatch(/no heading #no-such-heading/);
    expect(why("spec", "5")).toBeNull();
    expect(why("link", "requirements.md#spec-section-5-validation-rules")).toBeNull();
  });

  describe("in a project of its own", () => {
    let project: string;
    beforeAll(() => {
      project = mkdtempSync(join(tmpdir(), "references-"));
      mkdirSync(join(project, "docs"));
      writeFileSync(
        join(project, "docs", "requirements.md"),
        "# Requirements\n\n## Spec section 1: What it does\n\n## Issue 13: Spam defence\n\n## Speed to lead\n",
      );
    });
    afterAll(() => rmSync(project, { recursive: true, force: true }));
    const problems = (text: string) =>
      findReferences(text).flatMap((reference) => {
        const why = unresolved(reference, join(project, "src", "a.ts"), project);
        return why ? [`${reference.line}: ${why}`] : [];
      });

    test("reports every issue a text cites, even one docs/requirements.md has a heading for", () => {
      expect(problems("// Spam layers (issue 13).\n// See issues 13 and #16; spec section 1.")).toEqual([
        "1: cites issue 13, which a reader cannot open: cite a section of docs/requirements.md or a decision record",
        "2: cites issue 13, which a reader cannot open: cite a section of docs/requirements.md or a decision record",
        "2: cites issue 16, which a reader cannot open: cite a section of docs/requirements.md or a decision record",
      ]);
    });

    test("resolves a docs/ path's #anchor to a heading of that file, and names one that is not there", () => {
      expect(
        problems(
          [
            "(docs/requirements.md#speed-to-lead, docs/requirements.md#issue-13-spam-defence)",
            "(docs/requirements.md#spam-defence)",
            "docs/requirements.md#speed-to-lead-2 and docs/nothing.md#speed-to-lead",
          ].join("\n"),
        ),
      ).toEqual([
        "2: no heading #spam-defence in docs/requirements.md",
        "3: no heading #speed-to-lead-2 in docs/requirements.md",
        "3: docs/nothing.md does not exist",
      ]);
    });
  });

  test("builds GitHub's heading ids", () => {
    expect(headingId("Spec section 5: Validation rules")).toBe("spec-section-5-validation-rules");
    expect(headingId("Accessibility, search and the form without JavaScript")).toBe(
      "accessibility-search-and-the-form-without-javascript",
    );
  });
});
