// The inline loader that starts Gatsby's scripts after the first paint (issue 5;
// src/build/scripts-loader.ts), run in jsdom as the page would run it.
import { FALLBACK_MS, loaderScript, type Prewarm } from "../../../src/build/scripts-loader";

const SOURCES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"];
const PREWARM: Prewarm = {
  script: "/framework-2.js",
  chunkGlobal: "webpackChunkTest",
  moduleId: "react-dom-client",
};
type PaintList = { getEntriesByName: (name: string) => unknown[] };
type PaintCallback = (list: PaintList, observer: { disconnect: () => void }) => void;
type ChunkPush = [unknown[], Record<string, unknown>, (require: WebpackRequire) => void];
type WebpackRequire = jest.Mock & { m: Record<string, unknown> };

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
const runLoader = (prewarm: Prewarm | null = null) => {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the loader is inline script text
  const script = new Function(loaderScript(SOURCES, prewarm)) as () => void;
  script();
};
const chunkArray = () => (window as unknown as Record<string, ChunkPush[] | undefined>)[PREWARM.chunkGlobal];

beforeEach(() => {
  jest.useFakeTimers();
  paintCallbacks = [];
  disconnect = jest.fn();
  document.body.innerHTML = "";
  delete (window as unknown as Record<string, unknown>)[PREWARM.chunkGlobal];
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

test("once the framework chunk has run, the prewarm asks webpack to run the pinned module", () => {
  runLoader(PREWARM);
  document.dispatchEvent(new Event("visibilitychange"));
  const framework = scripts().find((script) => script.getAttribute("src") === PREWARM.script);
  scripts()
    .filter((script) => script !== framework)
    .forEach((script) => script.dispatchEvent(new Event("load")));
  expect(chunkArray()).toBeUndefined();

  framework?.dispatchEvent(new Event("load"));
  const pushed = chunkArray();
  expect(pushed).toHaveLength(1);
  const [chunkIds, modules, run] = pushed![0];
  expect(chunkIds).toEqual([PREWARM.moduleId]);
  expect(modules).toEqual({});

  const require = Object.assign(jest.fn(), { m: { [PREWARM.moduleId]: () => undefined } });
  run(require);
  expect(require).toHaveBeenCalledWith(PREWARM.moduleId);
  const withoutModule = Object.assign(jest.fn(), { m: {} });
  run(withoutModule);
  expect(withoutModule).not.toHaveBeenCalled();
});
