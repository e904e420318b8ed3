/** The site's inline scripts as ES5 strings (decisions 0014, 0015), hashed into the CSP; head scripts under 2 KB. */
import {
  ATTRIBUTION_MAX_LENGTH,
  ATTRIBUTION_QUERY_KEYS,
  ATTRIBUTION_STORAGE_KEY,
  ATTRIBUTION_UNSAFE,
} from "./attribution";

export const THEMES = ["light", "dark", "system"] as const;
export const THEME_STORAGE_KEY = "theme";
export const THEME_SELECT_ID = "theme-select";
const THEME_ATTRIBUTE = "data-theme";

/** The theme's head script (spec section 9): applies and follows the choice from the first paint. */
export const themeScript =
  `(function(d,w){var K=${JSON.stringify(THEME_STORAGE_KEY)},e=d.documentElement,` +
  `q=w.matchMedia("(prefers-color-scheme: dark)"),t;` +
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

/** Prerenders a same-origin page once the visitor shows intent to open its link; never /admin/ or /api/. */
const notSpeculated = ["/admin/*", "/api/*"].map((href_matches) => ({ not: { href_matches } }));
const speculationRules = JSON.stringify({
  prerender: [{ where: { and: [{ href_matches: "/*" }, ...notSpeculated] }, eagerness: "moderate" }],
});

const unsafe = new RegExp(ATTRIBUTION_UNSAFE.source, "gu");

/** Records the tab's first landing and its referrer and UTM in sessionStorage, cleaned (decision 0024). */
export const attributionRecorderScript =
  `(function(){try{var s=sessionStorage,k=${JSON.stringify(ATTRIBUTION_STORAGE_KEY)};if(s.getItem(k))return;` +
  `var l=location,q=new URLSearchParams(l.search),r=document.referrer,a={landing_path:l.pathname},n;` +
  `if(/^https?:/.test(r)){r=new URL(r);a.referrer=r.origin+r.pathname}` +
  `${JSON.stringify(ATTRIBUTION_QUERY_KEYS)}.forEach(function(n){if(q.get(n))a[n]=q.get(n)});` +
  `for(n in a)a[n]=a[n].replace(${unsafe},"").slice(0,${ATTRIBUTION_MAX_LENGTH});` +
  `s.setItem(k,JSON.stringify(a))}catch(e){}})();`;

/** The manifest's URL, as gatsby-plugin-manifest writes it (`cache_busting_mode: "none"`). */
export const MANIFEST_PATH = "/manifest.webmanifest";
/** Upper bound on the wait (a hidden tab reports no paint). */
export const MANIFEST_FALLBACK_MS = 3000;

/** Adds the manifest `<link>` after the first contentful paint, out of LCP (decision 0026). */
export const manifestLinkScript =
  `(function(d){var l;function a(){if(!l){l=d.createElement("link");l.rel="manifest";` +
  `l.href=${JSON.stringify(MANIFEST_PATH)};d.head.appendChild(l)}}` +
  `try{new PerformanceObserver(function(q){q.getEntriesByName("first-contentful-paint").length&&a()})` +
  `.observe({type:"paint",buffered:!0})}catch(_){}setTimeout(a,${MANIFEST_FALLBACK_MS})})(document)`;

/** The inline scripts of every page's <head>, in order, theme first (it must run before the first paint). */
export const HEAD_SCRIPTS: readonly { id: string; code: string; type?: string }[] = [
  { id: "theme", code: themeScript },
  { id: "speculation-rules", code: speculationRules, type: "speculationrules" },
  { id: "attribution", code: attributionRecorderScript },
  { id: "manifest-link", code: manifestLinkScript },
];

/** Closes the mobile menu as the page is left, so the back/forward cache never restores it open. */
export const mobileMenuScript = (menuId: string) =>
  `addEventListener("pagehide",function(){try{document.getElementById(${JSON.stringify(menuId)}).hidePopover()}catch(_){}})`;

/** The not-found page's one script: logs the requested path (spec section 2). */
export const notFoundLogScript = `console.error(${JSON.stringify("404 Error: User attempted to access non-existent route:")},location.pathname)`;
