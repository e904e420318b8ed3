// The inline loader that starts /contact's Gatsby scripts after the first paint (kept by
// docs/decisions/0016-contact-first-load.md; build/scripts-after-first-paint.ts), run in jsdom as the page would run it.
import { FALLBACK_MS, loaderScript } from "../../../build/scripts-after-first-paint";
import { runInlineScript } from "../../helpers/run-inline-script";

const SOURCES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"];
type PaintList = { getEntriesByName: (name: string) => unknown[] };
type PaintCallback = (list: PaintList, observer: { disconnect: () => void }) => void;

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

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>("script[src]")];
const injected = () => scripts().map((script) => [script.getAttribute("src"), script.async]);
const paint = (name: string) =>
  paintCallbacks.forEach((callback) =>
    callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect }),
  );
// As the inline script runs: a classic script in the page's global scope.
const runLoader = () => runInlineScript(loaderScript(SOURCES));

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

test("nothing loads before the first contentful paint; then every script once, run in order (async = false)", () => {
  runLoader();
  jest.advanceTimersByTime(100);
  paint("first-paint");
  jest.advanceTimersByTime(100);
  expect(injected()).toEqual([]);

  paint("first-contentful-paint");
  expect(disconnect).toHaveBeenCalled();
  jest.advanceTimersByTime(0);
  expect(injected()).toEqual(SOURCES.map((src) => [src, false]));

  jest.advanceTimersByTime(FALLBACK_MS);
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

test("a page that never reports a paint still loads after the fallback delay", () => {
  runLoader();
  jest.advanceTimersByTime(FALLBACK_MS - 1);
  expect(injected()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(injected()).toHaveLength(SOURCES.length);
});

test("a URL cannot close the loader's script element", () => {
  expect(loaderScript(["/a</script><script>alert(1)//.js"])).not.toContain("</script>");
});
