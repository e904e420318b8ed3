import { themeInitScript, THEME_STORAGE_KEY } from "../../../src/components/theme/theme-core";
import { installMatchMedia } from "./helpers/match-media";

function runScript() {
  // The inline head script, run as the browser runs it before the first paint.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the theme script is inline script text
  (new Function(themeInitScript) as () => void)();
  return document.documentElement;
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = "";
});

test.each([
  ["dark", false, true],
  ["light", true, false],
  ["system", true, true],
  ["system", false, false],
  [null, true, true],
])("stored %s with OS dark=%s gives dark=%s", (stored, osDark, expectDark) => {
  installMatchMedia(osDark);
  if (stored) localStorage.setItem(THEME_STORAGE_KEY, stored);
  const html = runScript();
  expect(html.classList.contains("dark")).toBe(expectDark);
  expect(html.style.colorScheme).toBe(expectDark ? "dark" : "light");
});
