/**
 * Starts each page's Gatsby scripts one frame after its first paint instead of from `<script async>`
 * tags (issue 5: LCP <= 1.5 s on a throttled phone). Run from gatsby-node's `onPostBuild`, before
 * the CSP hashing (netlify/build/csp-headers.ts), which then allows the loader like Gatsby's own
 * inline scripts.
 *
 * Why: the LCP element (hero text) and its CSS are in the HTML, so the first paint needs no script.
 * With async tags, on a fast link and a slow CPU the framework chunk (~45 KB gzipped) arrives and
 * runs before that paint and holds it back, and on a poor link its download competes with the HTML.
 * Started after the paint, the scripts hydrate the page one frame later than before and never delay
 * what the visitor first sees. A hidden tab paints no frames (`requestAnimationFrame` waits until it
 * is shown), so there the scripts start at once. Without JavaScript nothing changes: the pages and
 * the no-JS form never needed these scripts.
 *
 * Gatsby 5 writes the tags into the `_gatsby-scripts` slice and stitches it into every page's HTML
 * after `onPreRenderHTML`, so the pages are rewritten here, between the slice markers only.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SCRIPTS_SLICE = /<!-- slice-start id="(_gatsby-scripts-\d+)" -->[\s\S]*?<!-- slice-end id="\1" -->/g;
const SLICE_FILE = /^_gatsby-scripts-\d+\.html$/;
// Upper bound on the wait: a page that somehow reports no paint still becomes interactive.
const FALLBACK_MS = 3000;
const ASYNC_SCRIPT = /<script src="([^"]+)" async><\/script>/g;

/**
 * The loader's source for script URLs `sources`. It starts them once the browser reports the first
 * contentful paint (reported after the frame is on screen), at once in a hidden tab (no paint
 * comes until it is shown) or where paint timing is missing, and after `FALLBACK_MS` at the latest.
 */
export function loaderScript(sources: readonly string[]): string {
  // `<` escaped so a URL can never close the script element.
  const list = JSON.stringify(sources).replace(/</g, "\\u003c");
  return (
    `(function(w,d,u){var s=0;function l(){if(s)return;s=1;u.forEach(function(r){` +
    `var e=d.createElement("script");e.src=r;e.async=true;d.body.appendChild(e)})}` +
    `var P=w.PerformanceObserver;` +
    `if(d.visibilityState==="hidden"||!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return l();` +
    `new P(function(q,o){if(q.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(l,0)}})` +
    `.observe({type:"paint",buffered:true});` +
    `d.addEventListener("visibilitychange",l);setTimeout(l,${FALLBACK_MS})})` +
    `(window,document,${list})`
  );
}

/**
 * Gatsby's scripts slice (`public/_gatsby/slices/_gatsby-scripts-N.html`) with its async script
 * tags replaced by one inline loader (same URLs, same order); the chunk mapping and compilation
 * hash scripts stay as they are. A slice without such tags comes back unchanged.
 */
export function rewriteScriptsSlice(sliceHtml: string): string {
  const sources = [...sliceHtml.matchAll(ASYNC_SCRIPT)].map(([, src]) => src);
  if (sources.length === 0) return sliceHtml;
  return `${sliceHtml.replace(ASYNC_SCRIPT, "")}<script>${loaderScript(sources)}</script>`;
}

/**
 * One page's HTML with the content of each scripts slice region replaced by `slices[id]`.
 * Because the region is always refilled from Gatsby's own slice file, the step is idempotent and
 * a page Gatsby did not rebuild still gets the current loader.
 * @throws Error naming the slice when the page uses a scripts slice that `slices` lacks
 */
export function rewritePage(html: string, slices: ReadonlyMap<string, string>): string {
  return html.replace(SCRIPTS_SLICE, (_match, id: string) => {
    const body = slices.get(id);
    if (body === undefined) throw new Error(`No rewritten content for Gatsby slice "${id}"`);
    return `<!-- slice-start id="${id}" -->${body}<!-- slice-end id="${id}" -->`;
  });
}

/**
 * Rewrites every page under `publicDir` that has a Gatsby scripts slice (Decap's /admin/ page has
 * none and is left as it is). Gatsby's slice files themselves are not changed.
 * @returns how many HTML files changed
 */
export function loadScriptsAfterFirstPaint(publicDir: string): number {
  const sliceDir = join(publicDir, "_gatsby", "slices");
  const slices = new Map(
    readdirSync(sliceDir)
      .filter((name) => SLICE_FILE.test(name))
      .map((name) => [
        name.slice(0, -".html".length),
        rewriteScriptsSlice(readFileSync(join(sliceDir, name), "utf8")),
      ]),
  );
  let changed = 0;
  for (const entry of readdirSync(publicDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html") || entry.parentPath.startsWith(sliceDir)) continue;
    const file = join(entry.parentPath, entry.name);
    const html = readFileSync(file, "utf8");
    const rewritten = rewritePage(html, slices);
    if (rewritten === html) continue;
    writeFileSync(file, rewritten);
    changed += 1;
  }
  return changed;
}
