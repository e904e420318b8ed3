/**
 * @jest-environment node
 */
// The scripts of a page with scripts (/contact) start after the first paint (kept by
// docs/decisions/0016-contact-first-load.md; build/scripts-after-first-paint.ts): the build step that
// rewrites Gatsby's scripts slice into the pages that have it.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  LOADER_ID,
  loaderScript,
  loadScriptsAfterFirstPaint,
  pagesNotRewritten,
  rewritePage,
  rewriteScriptsSlice,
  sliceScripts,
} from "../../../build/scripts-after-first-paint";

// The shape Gatsby 5.16 writes to public/_gatsby/slices/_gatsby-scripts-1.html.
const SLICE =
  '\n<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>' +
  '<script>window.___webpackCompilationHash="abc";</script>' +
  '<script src="/framework-2.js" async></script><script src="/webpack-runtime-1.js" async></script>' +
  '<script src="/app-3.js" async></script>';
const RUN_ORDER = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"];
const page = (sliceBody: string) =>
  `<html><body><div id="___gatsby"></div><!-- slice-start id="_gatsby-scripts-1" -->${sliceBody}` +
  '<!-- slice-end id="_gatsby-scripts-1" --></body></html>';

test("the slice's async tags become one loader: same URLs, webpack runtime first; other scripts stay", () => {
  const rewritten = rewriteScriptsSlice(SLICE);
  expect(rewritten).not.toMatch(/<script src=/);
  expect(rewritten).toContain('<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>');
  expect(rewritten).toContain('window.___webpackCompilationHash="abc"');
  expect(rewritten).toContain(`<script id="${LOADER_ID}">${loaderScript(RUN_ORDER)}</script>`);
  expect(sliceScripts(SLICE)).toEqual(["/framework-2.js", "/webpack-runtime-1.js", "/app-3.js"]);
});

test("a slice without async script tags fails the build: Gatsby's slice format changed", () => {
  expect(() => rewriteScriptsSlice("<script>window.a=1;</script>")).toThrow(/format change/);
});

test("a page's slice region is refilled from the slice, so a stale loader is replaced", () => {
  const slices = new Map([["_gatsby-scripts-1", "NEW"]]);
  expect(rewritePage(page(SLICE), slices)).toBe(page("NEW"));
  expect(rewritePage(page("<script>old loader</script>"), slices)).toBe(page("NEW"));
  expect(rewritePage("<html><body>admin</body></html>", slices)).toBe("<html><body>admin</body></html>");
  expect(() => rewritePage(page(SLICE), new Map())).toThrow(/_gatsby-scripts-1/);
});

test("pages with the slice are rewritten once; the slice file and script-free pages are not", () => {
  const dir = mkdtempSync(join(tmpdir(), "scripts-after-paint-"));
  try {
    mkdirSync(join(dir, "_gatsby", "slices"), { recursive: true });
    mkdirSync(join(dir, "about"));
    mkdirSync(join(dir, "admin"));
    writeFileSync(join(dir, "_gatsby", "slices", "_gatsby-scripts-1.html"), SLICE);
    writeFileSync(join(dir, "index.html"), "<html><body><script>theme()</script></body></html>");
    writeFileSync(join(dir, "about", "index.html"), page(SLICE));
    writeFileSync(join(dir, "admin", "index.html"), '<script src="/cms.js"></script>');

    expect(loadScriptsAfterFirstPaint(dir)).toEqual(["about/index.html"]);
    expect(readFileSync(join(dir, "about", "index.html"), "utf8")).toBe(page(rewriteScriptsSlice(SLICE)));
    expect(readFileSync(join(dir, "index.html"), "utf8")).toBe(
      "<html><body><script>theme()</script></body></html>",
    );
    expect(readFileSync(join(dir, "_gatsby", "slices", "_gatsby-scripts-1.html"), "utf8")).toBe(SLICE);
    expect(readFileSync(join(dir, "admin", "index.html"), "utf8")).toBe('<script src="/cms.js"></script>');
    // A second build that keeps the HTML (Gatsby: "no new or changed html files") finds the page
    // already right: it still counts, so the build does not stop on it, and nothing is rewritten.
    expect(loadScriptsAfterFirstPaint(dir)).toEqual(["about/index.html"]);
    expect(readFileSync(join(dir, "about", "index.html"), "utf8")).toBe(page(rewriteScriptsSlice(SLICE)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a page that keeps its scripts but was not rewritten is named, so the build stops on it", () => {
  expect(pagesNotRewritten(["contact/index.html"], ["/contact"])).toEqual([]);
  expect(pagesNotRewritten(["index.html"], ["/"])).toEqual([]);
  expect(pagesNotRewritten([], ["/contact"])).toEqual(["/contact"]);
  expect(pagesNotRewritten(["about/index.html"], ["/contact", "/about"])).toEqual(["/contact"]);
});
