/**
 * The decision records are one numbered sequence (docs/requirements.md#lead-path-and-alerts): each
 * record opens with its title and a "- Status: ..." line, says which later record supersedes it
 * (as a whole or in part), and docs/decisions/README.md indexes every record with its title, status
 * and what supersedes it, and explains every number the sequence skips.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const folder = join(__dirname, "..", "..", "..", "docs", "decisions");
const INDEX = "README.md";

type RecordHead = {
  title: string;
  /** The first word of the Status line ("accepted", "superseded"), or null without one. */
  status: string | null;
  /** The records that supersede it, as the index writes them: "[0014](0014-x.md) in part, ...". */
  supersededBy: string;
};

/** What the head of a record says: its title, status, and the records superseding it. */
function recordHead(text: string): RecordHead {
  const lines = text.split("\n");
  const title = lines[0].replace(/^# \d{4} — /, "");
  // The Status line sits right under the title, after one blank line.
  const status = lines[1] === "" ? (/^- Status: (\w+)/.exec(lines[2] ?? "")?.[1] ?? null) : null;
  const end = lines.findIndex((line) => line.startsWith("## "));
  const by = lines
    .slice(2, end === -1 ? undefined : end)
    .flatMap((line) => {
      const m = /^- (?:Status: superseded by|Superseded (in part )?by) \[(\d{4})\]\(([^)\s]+)\)/i.exec(line);
      return m ? [{ number: m[2], text: `[${m[2]}](${m[3]})${m[1] ? " in part" : ""}` }] : [];
    })
    .sort((a, b) => a.number.localeCompare(b.number));
  return { title, status, supersededBy: by.map((b) => b.text).join(", ") };
}

/** The index's table rows, by the record file their first cell links to. */
function indexRows(markdown: string): Map<string, { title: string; status: string; supersededBy: string }> {
  const rows = new Map<string, { title: string; status: string; supersededBy: string }>();
  for (const line of markdown.split("\n")) {
    const m = /^\|\s*\[\d{4}\]\(([^)\s]+)\)\s*\|(.*)\|(.*)\|(.*)\|\s*$/.exec(line);
    if (m) rows.set(m[1], { title: m[2].trim(), status: m[3].trim(), supersededBy: m[4].trim() });
  }
  return rows;
}

const records = readdirSync(folder)
  .filter((name) => name !== INDEX)
  .sort();
const index = readFileSync(join(folder, INDEX), "utf8");

test("the folder holds the records and their index only", () => {
  expect(records.length).toBeGreaterThan(0);
  for (const name of records) expect(name).toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
});

test("every decision record has a Status line right under its title", () => {
  const missing = records.filter(
    (name) => recordHead(readFileSync(join(folder, name), "utf8")).status === null,
  );
  expect(missing).toEqual([]);
});

test("the index lists every record with its title, status and the records superseding it", () => {
  const rows = indexRows(index);
  for (const name of records) {
    const head = recordHead(readFileSync(join(folder, name), "utf8"));
    expect({ name, ...rows.get(name) }).toEqual({
      name,
      title: head.title,
      status: head.status,
      supersededBy: head.supersededBy,
    });
  }
  expect([...rows.keys()].sort()).toEqual(records);
});

test("the index explains every number the sequence skips", () => {
  const numbers = new Set(records.map((name) => Number(name.slice(0, 4))));
  const gaps: string[] = [];
  for (let n = 1; n < Math.max(...numbers); n++) {
    if (!numbers.has(n)) gaps.push(String(n).padStart(4, "0"));
  }
  const explained = index.slice(index.indexOf("## Gaps in the numbering"));
  expect(index).toContain("## Gaps in the numbering");
  for (const gap of gaps) expect(`${gap}: ${explained.includes(gap)}`).toBe(`${gap}: true`);
});

describe("recordHead", () => {
  test("reads the title, the status and the records superseding it", () => {
    const text = [
      "# 0008 — Scripts after the first paint",
      "",
      "- Status: superseded by [0016](0016-b.md): most of it is gone.",
      "- Superseded in part by [0014](0014-a.md): the pages load no script.",
      "- Requirements: docs/requirements.md#performance-budget",
      "",
      "## Context",
      "- Superseded in part by [0020](0020-c.md) is text here, not the head.",
    ].join("\n");
    expect(recordHead(text)).toEqual({
      title: "Scripts after the first paint",
      status: "superseded",
      supersededBy: "[0014](0014-a.md) in part, [0016](0016-b.md)",
    });
  });

  test("finds no status in a record without a Status line under its title", () => {
    expect(recordHead("# 0018 — Retention\n\nWhat we chose, and why:\n").status).toBeNull();
    expect(recordHead("# 0018 — Retention\n\n- Requirements: x\n- Status: accepted\n").status).toBeNull();
    expect(recordHead("# 0018 — Retention\n- Status: accepted\n").status).toBeNull();
  });
});
