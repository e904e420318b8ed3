/** Light, dark or system theme (spec section 9) by two inline scripts (docs/decisions/0015-controls-without-framework.md). */
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = "theme";
/** id of the header's theme <select> (src/components/theme/theme-select.tsx). */
export const THEME_SELECT_ID = "theme-select";
/** `<html data-theme>`: the current choice. */
export const THEME_ATTRIBUTE = "data-theme";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * The <head> script, before the first paint: applies the stored choice, follows OS changes, handles the
 * select's `change`, and re-reads the choice when a page is restored or prerendered.
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

/** Shows the current choice in the select while the page is parsed (`autocomplete="off"` stops form restoration). */
export const themeSelectScript =
  `document.getElementById(${JSON.stringify(THEME_SELECT_ID)}).value=` +
  `document.documentElement.getAttribute(${JSON.stringify(THEME_ATTRIBUTE)})||"system"`;
