/** Starts kept Gatsby scripts after the first contentful paint, out of LCP (docs/decisions/0016-contact-first-load.md). */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtPages, pagePaths } from "./csp-headers";

/** Upper bound on the wait: a page that somehow reports no paint still becomes interactive. */
export const FALLBACK_MS = 3000;

/** The loader of `sources` (run in order) after the first paint, a hidden tab or FALLBACK_MS; the URL list stays last. */
export function loaderScript(sources: readonly string[]): string {
  const json = JSON.stringify(sources).replace(/</g, "\\u003c"); // so a URL cannot close the script element
  return (
    `(function(w,d,u){var s=0;function l(){if(s)return;s=1;u.forEach(function(r){` +
    `var e=d.createElement("script");e.src=r;e.async=false;d.body.appendChild(e)})}` +
    `var P=w.PerformanceObserver;` +
    `if(d.visibilityState==="hidden"||!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return l();` +
    `new P(function(q,o){if(q.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(l,0)}})` +
    `.observe({type:"paint",buffered:true});` +
    `d.addEventListener("visibilitychange",l);setTimeout(l,${FALLBACK_MS})})` +
    `(window,document,${json})`
  );
}

const SCRIPTS_SLICE = /<!-- slice-start id="(_gatsby-scripts-\d+)" -->[\s\S]*?<!-- slice-end id="\1" -->/g;
const SLICE_FILE = /^_gatsby-scripts-\d+\.html$/;
export const LOADER_ID = "gatsby-scripts-after-first-paint";
const ASYNC_SCRIPT = /<script src="([^"]+)" async><\/script>/g;
const isRuntime = (src: string) => /\/webpack-runtime-[^/]*\.js$/.test(src);

/** The `src` of every `<script src async>` tag in Gatsby's scripts slice, in order. */
export function sliceScripts(sliceHtml: string): string[] {
  return [...sliceHtml.matchAll(ASYNC_SCRIPT)].map(([, src]) => src);
}

/** The slice with its async tags replaced by one inline loader, webpack runtime first. @throws Error if it has none */
export function rewriteScriptsSlice(sliceHtml: string): string {
  const found = sliceScripts(sliceHtml);
  if (found.length === 0) {
    throw new Error('Gatsby\'s scripts slice has no <script src="..." async> tags: did its format change?');
  }
  const sources = [...found.filter(isRuntime), ...found.filter((src) => !isRuntime(src))];
  return `${sliceHtml.replace(ASYNC_SCRIPT, "")}<script id="${LOADER_ID}">${loaderScript(sources)}</script>`;
}

/** A page's HTML with each scripts slice refilled from `slices` (idempotent). @throws Error for an unknown slice */
export function rewritePage(html: string, slices: ReadonlyMap<string, string>): string {
  return html.replace(SCRIPTS_SLICE, (_match, id: string) => {
    const body = slices.get(id);
    if (body === undefined) throw new Error(`No rewritten content for Gatsby slice "${id}"`);
    return `<!-- slice-start id="${id}" -->${body}<!-- slice-end id="${id}" -->`;
  });
}

/** Rewrites every built page with a scripts slice; returns the pages (relative to `publicDir`) holding the loader. */
export function loadScriptsAfterFirstPaint(publicDir: string): string[] {
  const sliceDir = join(publicDir, "_gatsby", "slices");
  const slices = new Map(
    readdirSync(sliceDir)
      .filter((name) => SLICE_FILE.test(name))
      .map((name) => [
        name.slice(0, -".html".length),
        rewriteScriptsSlice(readFileSync(join(sliceDir, name), "utf8")),
      ]),
  );
  const afterPaint: string[] = [];
  for (const page of builtPages(publicDir)) {
    const file = join(publicDir, page);
    const html = readFileSync(file, "utf8");
    const rewritten = rewritePage(html, slices);
    if (rewritten !== html) writeFileSync(file, rewritten);
    if (rewritten.includes(`<script id="${LOADER_ID}">`)) afterPaint.push(page);
  }
  return afterPaint;
}

/** Routes of `pagesWithScripts` not among `rewritten`: an upgrade broke this step. */
export function pagesNotRewritten(
  rewritten: readonly string[],
  pagesWithScripts: readonly string[],
): string[] {
  const routes = new Set(rewritten.flatMap(pagePaths));
  return pagesWithScripts.filter((route) => !routes.has(route));
}
