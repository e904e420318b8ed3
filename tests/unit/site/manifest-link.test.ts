/**
 * The manifest link's inline script (src/lib/inline-scripts.ts, decision 0026), run
 * as the browser runs it, with a stand-in PerformanceObserver that delivers the paint entries the
 * test chooses and a simulated clock for the fallback.
 */
import { MANIFEST_FALLBACK_MS, MANIFEST_PATH, manifestLinkScript } from "../../../src/lib/inline-scripts";
import { runInlineScript } from "../../helpers/run-inline-script";

type Callback = (list: { getEntriesByName: (name: string) => unknown[] }, observer: FakeObserver) => void;

class FakeObserver {
  static last: FakeObserver | null = null;
  static observeThrows = false;
  observed: unknown = null;
  constructor(private readonly callback: Callback) {
    FakeObserver.last = this;
  }
  observe(options: unknown) {
    if (FakeObserver.observeThrows) throw new TypeError("unsupported entry type");
    this.observed = options;
  }
  /** Delivers paint entries by name, as the browser does once a frame is on screen. */
  deliver(...names: string[]) {
    this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) }, this);
  }
}

const manifestLinks = () => [...document.head.querySelectorAll('link[rel="manifest"]')];

beforeEach(() => {
  jest.useFakeTimers();
  document.head.innerHTML = "";
  FakeObserver.last = null;
  FakeObserver.observeThrows = false;
  Object.defineProperty(window, "PerformanceObserver", {
    configurable: true,
    writable: true,
    value: FakeObserver,
  });
});
afterEach(() => {
  jest.useRealTimers();
});

test("no manifest link before the first contentful paint; one, to the manifest, right after it", () => {
  runInlineScript(manifestLinkScript);
  expect(FakeObserver.last?.observed).toEqual({ type: "paint", buffered: true });
  expect(manifestLinks()).toHaveLength(0);

  FakeObserver.last?.deliver("first-paint");
  expect(manifestLinks()).toHaveLength(0);

  FakeObserver.last?.deliver("first-paint", "first-contentful-paint");
  expect(manifestLinks().map((link) => link.getAttribute("href"))).toEqual([MANIFEST_PATH]);

  FakeObserver.last?.deliver("first-contentful-paint");

  jest.advanceTimersByTime(MANIFEST_FALLBACK_MS);
  expect(manifestLinks()).toHaveLength(1);
});

test("a page that reports no paint (a hidden tab) gets the link after the fallback", () => {
  runInlineScript(manifestLinkScript);
  jest.advanceTimersByTime(MANIFEST_FALLBACK_MS - 1);
  expect(manifestLinks()).toHaveLength(0);
  jest.advanceTimersByTime(1);
  expect(manifestLinks()).toHaveLength(1);
});

test.each([
  [
    "without PerformanceObserver",
    () => delete (window as { PerformanceObserver?: unknown }).PerformanceObserver,
  ],
  ["where paint entries cannot be observed", () => (FakeObserver.observeThrows = true)],
])("%s the script throws nothing and the link still comes", (_name, arrange) => {
  arrange();
  expect(() => runInlineScript(manifestLinkScript)).not.toThrow();
  expect(manifestLinks()).toHaveLength(0);
  jest.advanceTimersByTime(MANIFEST_FALLBACK_MS);
  expect(manifestLinks()).toHaveLength(1);
});
