/**
 * The theme's inline scripts (src/lib/inline-scripts.ts), run as the browser runs
 * them: the head script before the first paint, then the select's own script once it is parsed.
 * They are the whole theme control on every page; no React is involved.
 */
import {
  THEME_SELECT_ID,
  THEME_STORAGE_KEY,
  themeScript,
  themeSelectScript,
} from "../../../src/lib/inline-scripts";
import { runInlineScript } from "../../helpers/run-inline-script";

type MediaListener = () => void;

/** A matchMedia stub whose OS dark setting the test can flip, notifying the script's listener. */
function osTheme(dark: boolean) {
  const listeners: MediaListener[] = [];
  const query = {
    matches: dark,
    addEventListener: (_type: string, listener: MediaListener) => listeners.push(listener),
  };
  Object.defineProperty(window, "matchMedia", { configurable: true, writable: true, value: () => query });
  return (nowDark: boolean) => {
    query.matches = nowDark;
    listeners.forEach((listener) => listener());
  };
}

// Every run adds document and window listeners; each test removes the ones its run added, so a
// test's events reach only its own run of the script.
type Listen = [type: string, listener: EventListenerOrEventListenerObject, options?: unknown];
let added: (() => void)[] = [];
beforeEach(() => {
  for (const target of [document, window] as EventTarget[]) {
    const original = target.addEventListener.bind(target);
    const track = (...[type, listener, options]: Listen) => {
      added.push(() => target.removeEventListener(type, listener));
      original(type, listener, options as AddEventListenerOptions);
    };
    jest.spyOn(target, "addEventListener").mockImplementation(track as never);
  }
});
afterEach(() => {
  added.forEach((remove) => remove());
  added = [];
  jest.restoreAllMocks();
  localStorage.clear();
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
  document.documentElement.removeAttribute("data-theme");
  document.body.innerHTML = "";
});

const html = document.documentElement;
const isDark = () => html.classList.contains("dark");

/** The head script, then the header's select and its script, as the parser meets them. */
function loadPage() {
  runInlineScript(themeScript);
  document.body.innerHTML = `<select id="${THEME_SELECT_ID}"><option value="light">Light</option><option value="dark">Dark</option><option value="system" selected>System</option></select>`;
  runInlineScript(themeSelectScript);
  return document.getElementById(THEME_SELECT_ID) as HTMLSelectElement;
}

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

test.each([
  ["dark", false, true],
  ["light", true, false],
  ["system", true, true],
  ["system", false, false],
  [null, true, true],
  ["purple", false, false],
])("stored %s with OS dark=%s gives dark=%s before the first paint", (stored, osDark, expectDark) => {
  osTheme(osDark);
  if (stored) localStorage.setItem(THEME_STORAGE_KEY, stored);
  runInlineScript(themeScript);
  expect(isDark()).toBe(expectDark);
  expect(html.style.colorScheme).toBe(expectDark ? "dark" : "light");
});

test("the select shows the stored choice as soon as it is parsed", () => {
  osTheme(false);
  localStorage.setItem(THEME_STORAGE_KEY, "dark");
  expect(loadPage().value).toBe("dark");
});

test("choosing in the select applies and stores the theme", () => {
  osTheme(false);
  const select = loadPage();
  expect(select.value).toBe("system");
  choose(select, "dark");
  expect(isDark()).toBe(true);
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
  choose(select, "light");
  expect(isDark()).toBe(false);
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
});

test("a change of another control leaves the theme alone", () => {
  osTheme(false);
  loadPage();
  const input = document.createElement("input");
  document.body.append(input);
  input.dispatchEvent(new Event("change", { bubbles: true }));
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
});

test("'system' follows the OS setting while the page is open; a fixed choice does not", () => {
  const setOs = osTheme(false);
  const select = loadPage();
  setOs(true);
  expect(isDark()).toBe(true);
  setOs(false);
  expect(isDark()).toBe(false);
  choose(select, "light");
  setOs(true);
  expect(isDark()).toBe(false);
});

test("with storage blocked the choice still applies for this page", () => {
  const setOs = osTheme(false);
  jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
    throw new Error("SecurityError");
  });
  jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new Error("SecurityError");
  });
  const select = loadPage();
  choose(select, "dark");
  expect(isDark()).toBe(true);
  setOs(false);
  expect(isDark()).toBe(true);
});

test("a page restored from the back/forward cache takes the choice made on another page", () => {
  osTheme(false);
  const select = loadPage();
  localStorage.setItem(THEME_STORAGE_KEY, "dark");
  window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
  expect(isDark()).toBe(true);
  expect(select.value).toBe("dark");
});

test("a prerendered page takes the choice made while it waited", () => {
  osTheme(false);
  const select = loadPage();
  localStorage.setItem(THEME_STORAGE_KEY, "dark");
  document.dispatchEvent(new Event("prerenderingchange"));
  expect(isDark()).toBe(true);
  expect(select.value).toBe("dark");
});
