/**
 * Finds the references a text makes to requirements and documents, and checks that each resolves
 * (docs/requirements.md#lead-path-and-alerts: every requirement the code cites resolves to a
 * section of docs/requirements.md, decision records and their links work;
 * docs/requirements.md#architecture-and-documentation: comments cite a section of that file or a
 * decision record, never a work-tracking number a reader cannot open).
 *
 * Kinds of reference:
 * - "spec section 5", "spec sections 2 to 8", "spec sections 1, 2 and 9" -> a heading
 *   "Spec section N..." in docs/requirements.md, for each N;
 * - "issue 4", "issue #6", "issues 2, 3 and 4" -> never resolves: an issue number is not
 *   something a reader of the repository can open;
 * - a path "docs/..." -> that file or folder, and with "#anchor" (docs/requirements.md#spam-defence)
 *   a heading of that file (GitHub's heading ids);
 * - in markdown files, a relative link `[text](path#anchor)` -> that file, and the anchor a
 *   heading of it.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export type Reference = {
  kind: "spec" | "issue" | "path" | "link";
  /** What the reference names: a section or issue number, a path (with its "#anchor", if any). */
  target: string;
  /** 1-based line of the reference in its text. */
  line: number;
};

/** Numbers in a list such as "2, 3 and 4", "2 to 8", "2-8", "#5 or #7". */
function listNumbers(list: string): number[] {
  const numbers: number[] = [];
  const parts = list.split(/\s*(?:,|\band\b|\bor\b)\s*/);
  for (const part of parts) {
    const range = /^#?(\d+)\s*(?:to|-|–)\s*#?(\d+)$/.exec(part.trim());
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n++) numbers.push(n);
    } else {
      const single = /^#?(\d+)$/.exec(part.trim());
      if (single) numbers.push(Number(single[1]));
    }
  }
  return numbers;
}

const NUMBER_LIST = String.raw`#?\d+(?:\s*(?:,|\band\b|\bor\b|\bto\b|-|–)\s*#?\d+\b(?![.,]?\d|\s*(?:KB|MB|ms|s|%)\b))*`;

const PATTERNS: { kind: Reference["kind"]; regex: RegExp; targets: (match: RegExpExecArray) => string[] }[] =
  [
    {
      kind: "spec",
      regex: new RegExp(String.raw`\bspec(?:'s)?\s+sections?\s+(${NUMBER_LIST})`, "gi"),
      targets: (m) => listNumbers(m[1]).map(String),
    },
    {
      kind: "issue",
      regex: new RegExp(String.raw`\bissues?:?\s+(${NUMBER_LIST})`, "gi"),
      targets: (m) => listNumbers(m[1]).map(String),
    },
    {
      kind: "path",
      regex: /(?<![\w/.-])docs\/[\w./-]*[\w/](?:#[\w-]*\w)?/g,
      targets: (m) => [m[0]],
    },
  ];

/** Every reference in `text`; markdown links too when `markdown` is true. */
export function findReferences(text: string, markdown = false): Reference[] {
  const references: Reference[] = [];
  const lineOf = (index: number) => text.slice(0, index).split("\n").length;
  for (const { kind, regex, targets } of PATTERNS) {
    for (const match of text.matchAll(regex)) {
      for (const target of targets(match)) references.push({ kind, target, line: lineOf(match.index) });
    }
  }
  if (markdown) {
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(match[1])) continue; // http:, https:, mailto:
      references.push({ kind: "link", target: match[1], line: lineOf(match.index) });
    }
  }
  return references;
}

/** The markdown headings of a text, as written (without the leading #s). */
export function headings(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1]);
}

/** GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/**
 * Why `reference`, found in the file `from` (absolute), does not resolve in the project at
 * `root`, or null when it does.
 */
export function unresolved(reference: Reference, from: string, root: string): string | null {
  const requirements = join(root, "docs", "requirements.md");
  const { kind, target } = reference;
  if (kind === "spec") {
    if (!existsSync(requirements)) return "docs/requirements.md does not exist";
    const heading = new RegExp(`^spec section ${target}(?!\\d)`, "i");
    return headings(readFileSync(requirements, "utf8")).some((h) => heading.test(h))
      ? null
      : `no heading "Spec section ${target}" in docs/requirements.md`;
  }
  if (kind === "issue") {
    return `cites issue ${target}, which a reader cannot open: cite a section of docs/requirements.md or a decision record`;
  }

  const [path, anchor] = target.split("#");
  const file = kind === "path" ? join(root, path) : path === "" ? from : resolve(dirname(from), path);
  const name = kind === "path" ? path : relative(root, file).split(sep).join("/");
  if (!existsSync(file)) return `${name} does not exist`;
  if (anchor && file.endsWith(".md")) {
    const ids = headings(readFileSync(file, "utf8")).map(headingId);
    if (!ids.includes(anchor)) return `no heading #${anchor} in ${name}`;
  }
  return null;
}
