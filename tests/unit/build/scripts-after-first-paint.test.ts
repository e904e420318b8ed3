/**
 * Page scripts start after the first paint (issue 5, LCP; src/build/scripts-after-first-paint.ts):
 * the build step that rewrites Gatsby's scripts slice, and the loader it inlines, run in jsdom.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  loadScriptsAfterFirstPaint,
  loaderScript,
  rewritePage,
  rewriteScriptsSlice,
} from "../../../src/build/scripts-after-first-paint";

// The shape Gatsby 5.16 writes to public/_gatsby/slices/_gatsby-scripts-1.html.
const SLICE =
  '\n<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>' +
  '<script>window.___webpackCompilationHash="abc";</script>' +
  '<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script>' +
  '<script src="/app-3.js" async></script>';
const page = (sliceBody: string) =>
  `<html><body><div id="___gatsby"></div><!-- slice-start id="_gatsby-scripts-1" -->${sliceBody}` +
  '<!-- slice-end id="_gatsby-scripts-1" --></body></html>';

describe("the build step", () => {
  test("the slice's async script tags become one loader with the same URLs in order; other scripts stay", () => {
    const rewritten = rewriteScriptsSlice(SLICE);
    expect(rewritten).not.toMatch(/<script src=/);
    expect(rewritten).toContain('<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>');
    expect(rewritten).toContain('window.___webpackCompilationHash="abc"');
    expect(rewritten).toContain(
      `<script>${loaderScript(["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"])}</script>`,
    );
    expect(rewriteScriptsSlice("<script>window.a=1;</script>")).toBe("<script>window.a=1;</script>");
  });

  test("a URL cannot close the loader's script element", () => {
    expect(loaderScript(["/a</script><script>alert(1)//.js"])).not.toContain("</script>");
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
      writeFileSync(join(dir, "index.html"), page(SLICE));
      writeFileSync(join(dir, "about", "index.html"), page(SLICE));
      writeFileSync(join(dir, "admin", "index.html"), '<script src="/cms.js"></script>');

      expect(loadScriptsAfterFirstPaint(dir)).toBe(2);
      expect(readFileSync(join(dir, "about", "index.html"), "utf8")).toBe(page(rewriteScriptsSlice(SLICE)));
      expect(readFileSync(join(dir, "_gatsby", "slices", "_gatsby-scripts-1.html"), "utf8")).toBe(SLICE);
      expect(readFileSync(join(dir, "admin", "index.html"), "utf8")).toBe('<script src="/cms.js"></script>');
      expect(loadScriptsAfterFirstPaint(dir)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the loader in the browser", () => {
  const SOURCES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"];
  type PaintCallback = (
    list: { getEntriesByName: (name: string) => unknown[] },
    observer: { disconnect: () => void },
  ) => void;
  let paintCallbacks: PaintCallback[];
  let disconnect: jest.Mock;

  class FakePerformanceObserver {
    static supportedEntryTypes = ["paint", "resource"];
    constructor(callback: PaintCallback) {
      paintCallbacks.push(callback);
    }
    observe = jest.fn();
    disconnect = disconnect;
  }

  const injected = () =>
    [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((script) => [
      script.getAttribute("src"),
      script.async,
    ]);
  const paint = (name: string) =>
    paintCallbacks.forEach((callback) =>
      callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect }),
    );
  // The loader runs as the inline script would: as a classic script in the page's global scope.
  const runLoader = () => new Function(loaderScript(SOURCES))();

  beforeEach(() => {
    jest.useFakeTimers();
    paintCallbacks = [];
    disconnect = jest.fn();
    document.body.innerHTML = "";
    Object.defineProperty(window, "PerformanceObserver", {
      value: FakePerformanceObserver,
      configurable: true,
      writable: true,
    });
    jest.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  test("nothing loads before the first contentful paint; then every script, in order, async, once", () => {
    runLoader();
    jest.advanceTimersByTime(100);
    paint("first-paint");
    jest.advanceTimersByTime(100);
    expect(injected()).toEqual([]);

    paint("first-contentful-paint");
    expect(disconnect).toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(injected()).toEqual(SOURCES.map((src) => [src, true]));

    jest.advanceTimersByTime(5000);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(injected()).toHaveLength(SOURCES.length);
  });

  test("a hidden tab, which paints nothing until shown, loads at once", () => {
    jest.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    runLoader();
    expect(injected()).toHaveLength(SOURCES.length);
  });

  test("a tab hidden before its first paint loads when the visibility changes", () => {
    runLoader();
    document.dispatchEvent(new Event("visibilitychange"));
    expect(injected()).toHaveLength(SOURCES.length);
  });

  test("a browser without paint timing loads at once", () => {
    Object.defineProperty(window, "PerformanceObserver", {
      value: undefined,
      configurable: true,
      writable: true,
    });
    runLoader();
    expect(injected()).toHaveLength(SOURCES.length);
  });

  test("a page that never reports a paint still loads after 3 s", () => {
    runLoader();
    jest.advanceTimersByTime(2999);
    expect(injected()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(injected()).toHaveLength(SOURCES.length);
  });
});
