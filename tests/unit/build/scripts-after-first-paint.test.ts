/**
 * @jest-environment node
 */
// Page scripts start after the first paint (issue 5; src/build/scripts-after-first-paint.ts): the
// build step that rewrites Gatsby's scripts slice into every page.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REACT_DOM_CLIENT_ID } from "../../../src/build/pin-module-id";
import {
  LOADER_ID,
  loadScriptsAfterFirstPaint,
  reactDomPrewarm,
  rewritePage,
  rewriteScriptsSlice,
  sliceScripts,
} from "../../../src/build/scripts-after-first-paint";
import { loaderScript } from "../../../src/build/scripts-loader";

// The shape Gatsby 5.16 writes to public/_gatsby/slices/_gatsby-scripts-1.html.
const SLICE =
  '\n<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>' +
  '<script>window.___webpackCompilationHash="abc";</script>' +
  '<script src="/framework-2.js" async></script><script src="/webpack-runtime-1.js" async></script>' +
  '<script src="/app-3.js" async></script>';
const RUN_ORDER = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"];
// The first bytes of a webpack 5 chunk as Gatsby's production build writes it.
const FRAMEWORK_CHUNK =
  "/*! For license information please see framework-2.js.LICENSE.txt */\n" +
  `(self.webpackChunksite=self.webpackChunksite||[]).push([[593],{"${REACT_DOM_CLIENT_ID}":function(e,n,t){}}]);`;
const PREWARM = { script: "/framework-2.js", chunkGlobal: "webpackChunksite", moduleId: REACT_DOM_CLIENT_ID };
const page = (sliceBody: string) =>
  `<html><body><div id="___gatsby"></div><!-- slice-start id="_gatsby-scripts-1" -->${sliceBody}` +
  '<!-- slice-end id="_gatsby-scripts-1" --></body></html>';

test("the slice's async tags become one loader: same URLs, webpack runtime first; other scripts stay", () => {
  const rewritten = rewriteScriptsSlice(SLICE, PREWARM);
  expect(rewritten).not.toMatch(/<script src=/);
  expect(rewritten).toContain('<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>');
  expect(rewritten).toContain('window.___webpackCompilationHash="abc"');
  expect(rewritten).toContain(`<script id="${LOADER_ID}">${loaderScript(RUN_ORDER, PREWARM)}</script>`);
  expect(rewriteScriptsSlice("<script>window.a=1;</script>")).toBe("<script>window.a=1;</script>");
});

test("a URL cannot close the loader's script element", () => {
  expect(loaderScript(["/a</script><script>alert(1)//.js"])).not.toContain("</script>");
});

test("the prewarm names the framework chunk, its webpack chunk array and the pinned React DOM module", () => {
  const read = jest.fn(() => FRAMEWORK_CHUNK);
  expect(reactDomPrewarm(sliceScripts(SLICE), read)).toEqual(PREWARM);
  expect(read).toHaveBeenCalledWith("/framework-2.js");
  expect(reactDomPrewarm(["/app-3.js"], read)).toBeNull();
});

test("a framework chunk without the pinned module or the chunk array fails the build, saying why", () => {
  expect(() =>
    reactDomPrewarm(["/framework-2.js"], () => FRAMEWORK_CHUNK.replace(REACT_DOM_CLIENT_ID, "5338")),
  ).toThrow(/no module "react-dom-client".*PinReactDomClientId/);
  expect(() => reactDomPrewarm(["/framework-2.js"], () => "console.log(1)")).toThrow(/chunk array/);
});

test("a page's slice region is refilled from the slice, so a stale loader is replaced", () => {
  const slices = new Map([["_gatsby-scripts-1", "NEW"]]);
  expect(rewritePage(page(SLICE), slices)).toBe(page("NEW"));
  expect(rewritePage(page("<script>old loader</script>"), slices)).toBe(page("NEW"));
  expect(rewritePage("<html><body>admin</body></html>", slices)).toBe("<html><body>admin</body></html>");
  expect(() => rewritePage(page(SLICE), new Map())).toThrow(/_gatsby-scripts-1/);
});

test("every page under public/ is rewritten once; the slice file and pages without the slice are not", () => {
  const dir = mkdtempSync(join(tmpdir(), "scripts-after-paint-"));
  try {
    mkdirSync(join(dir, "_gatsby", "slices"), { recursive: true });
    mkdirSync(join(dir, "about"));
    mkdirSync(join(dir, "admin"));
    writeFileSync(join(dir, "_gatsby", "slices", "_gatsby-scripts-1.html"), SLICE);
    writeFileSync(join(dir, "framework-2.js"), FRAMEWORK_CHUNK);
    writeFileSync(join(dir, "index.html"), page(SLICE));
    writeFileSync(join(dir, "about", "index.html"), page(SLICE));
    writeFileSync(join(dir, "admin", "index.html"), '<script src="/cms.js"></script>');

    expect(loadScriptsAfterFirstPaint(dir)).toBe(2);
    expect(readFileSync(join(dir, "about", "index.html"), "utf8")).toBe(
      page(rewriteScriptsSlice(SLICE, PREWARM)),
    );
    expect(readFileSync(join(dir, "_gatsby", "slices", "_gatsby-scripts-1.html"), "utf8")).toBe(SLICE);
    expect(readFileSync(join(dir, "admin", "index.html"), "utf8")).toBe('<script src="/cms.js"></script>');
    expect(loadScriptsAfterFirstPaint(dir)).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
