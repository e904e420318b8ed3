/**
 * @jest-environment node
 *
 * Decision 0009 keeps COOP off the public pages because they open no windows but one: the "Book a
 * time now" link (decision 0023), in the toast and on the no-JS thanks page, which opens
 * the booking service with rel="noopener". Another `target="_blank"` in the page or function
 * code would make that record untrue, so it fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";

const root = join(__dirname, "..", "..", "..");
const SOURCES = [".ts", ".tsx", ".mts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCES.includes(extname(entry.name)) ? [path] : [];
  });
}

// JSX `target="_blank"`, an HTML string's `target="_blank"`, or a `target: "_blank"` property.
const NEW_WINDOW = /target\s*[=:]\s*\{?\s*["'`]_blank["'`]/g;

const openers = ["src", "netlify"]
  .flatMap((dir) => sourceFiles(join(root, dir)))
  .flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(NEW_WINDOW)].map((match) => ({
      file: relative(root, file).split(sep).join("/"),
      // The attributes that follow on the same element (up to its end).
      rest: text.slice(match.index, text.indexOf(">", match.index)),
    }));
  });

test("only the booking link opens a new window", () => {
  expect(openers.map(({ file }) => file).sort()).toEqual([
    "netlify/lib/add-ons/booking/thanks-page.ts",
    "src/components/demo-request/booking-link.tsx",
  ]);
});

test("and it opens it with rel=noopener", () => {
  for (const { rest } of openers) expect(rest).toMatch(/rel\s*=\s*\{?\s*["'`]noopener["'`]/);
});
