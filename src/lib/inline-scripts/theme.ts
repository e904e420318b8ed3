/**
 * Light, dark or system theme (spec section 9) on every page, with no framework
 * (docs/decisions/0015-controls-without-framework.md). The
 * choice is the only thing the site keeps in localStorage; "dark" on <html> switches Tailwind's
 * dark variant (global.css). Two inline scripts, both hashed into the CSP by the build:
 * {@link themeScript} in <head> and {@link themeSelectScript} right after the header's select.
 */
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = "theme";
/** id of the header's theme <select> (src/components/theme/theme-select.tsx). */
export const THEME_SELECT_ID = "theme-select";
/** `<html data-theme>`: the current choice, where the select reads it back. */
export const THEME_ATTRIBUTE = "data-theme";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * The <head> script, run before the first paint. It:
 * - reads the stored choice (anything else, or a blocked storage, means "system") and applies it:
 *   the `dark` class and `color-scheme` on <html>, and the choice as `data-theme`;
 * - re-applies when the OS setting changes (it matters while the choice is "system");
 * - handles the select's `change` from the document, so the control works from the moment it is
 *   parsed: applies the new choice and stores it (a blocked storage only loses the memory);
 * - reads the choice again when a page comes back from the back/forward cache or a prerendered
 *   page is shown, since another page may have changed it meanwhile, and sets the select to it.
 */
export const themeScript =
  `(function(d,w){var K=${JSON.stringify(THEME_STORAGE_KEY)},e=d.documentElement,` +
  `q=w.matchMedia(${JSON.stringify(DARK_QUERY)}),t;` +
  `function r(){try{var v=localStorage.getItem(K)}catch(_){}t=/^(light|dark|system)$/.test(v)?v:t||"system"}` +
  `function a(){var k=t==="dark"||t!=="light"&&q.matches;e.classList.toggle("dark",k);` +
  `e.style.colorScheme=k?"dark":"light";e.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},t)}` +
  `function s(){r();a();var c=d.getElementById(${JSON.stringify(THEME_SELECT_ID)});if(c)c.value=t}` +
  `r();a();` +
  `d.addEventListener("change",function(v){if(v.target.id!==${JSON.stringify(THEME_SELECT_ID)})return;` +
  `t=v.target.value;try{localStorage.setItem(K,t)}catch(_){}a()});` +
  `w.addEventListener("pageshow",function(v){if(v.persisted)s()});` +
  `d.addEventListener("prerenderingchange",s);q.addEventListener("change",a)})(document,window)`;

/**
 * The script placed right after the theme <select>: shows the current choice in it while the page
 * is still being parsed, before the control can be seen. The select has `autocomplete="off"`, so
 * the browser's form restoration cannot put an older choice back after it.
 */
export const themeSelectScript =
  `document.getElementById(${JSON.stringify(THEME_SELECT_ID)}).value=` +
  `document.documentElement.getAttribute(${JSON.stringify(THEME_ATTRIBUTE)})||"system"`;
