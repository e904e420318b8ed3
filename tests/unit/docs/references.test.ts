/**
 * Issue 14: every requirement the code and docs cite ("spec section N", "issue N") resolves to a
 * heading of docs/requirements.md, and every docs/ path (decision records included) and relative
 * markdown link points at a file (and heading) that exists.
 */
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { findReferences, headingId, unresolved } from "./references";

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

test("every spec section, issue, docs/ path and markdown link cited in the project resolves", () => {
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
  const names = readdirSync(folder).sort();
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
    expect(targets("[a](../b.md#c) [web](https://example.com) [top](#d)", true)).toEqual([
      "link ../b.md#c",
      "link #d",
    ]);
  });
});

describe("unresolved", () => {
  test("names a missing section, issue, path, file and anchor", () => {
    const from = join(root, "docs", "performance.md");
    const why = (kind: "spec" | "issue" | "path" | "link", target: string) =>
      unresolved({ kind, target, line: 1 }, from, root);
    expect(why("spec", "10")).toMatch(/no heading "Spec section 10"/);
    expect(why("issue", "1")).toMatch(/no heading "Issue 1"/);
    expect(why("path", "docs/decisions/0005-cache-headers.md")).toMatch(/does not exist/);
    expect(why("link", "requirements.md#no-such-heading")).toMatch(/no heading #no-such-heading/);
    expect(why("spec", "5")).toBeNull();
    expect(why("link", "requirements.md#spec-section-5-validation-rules")).toBeNull();
  });

  test("builds GitHub's heading ids", () => {
    expect(headingId("Spec section 5: Validation rules")).toBe("spec-section-5-validation-rules");
    expect(headingId("Issue 6: Accessible, found by search engines")).toBe(
      "issue-6-accessible-found-by-search-engines",
    );
  });
});
