/**
 * Starts the Gatsby scripts of a page with scripts once the browser reports its first contentful
 * paint, instead of from `<script async>` tags (docs/requirements.md#performance-budget;
 * docs/decisions/0016-contact-first-load.md). Why: the LCP element needs no script, and async scripts
 * that run before the first paint count towards Lighthouse's LCP. Gatsby stitches its
 * `_gatsby-scripts` slice into pages after `onPreRenderHTML`, so this rewrites the built pages in
 * `onPostBuild`, before the CSP hashing (build/csp-headers.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtPages } from "./built-pages";
import { loaderScript } from "./scripts-loader";

const SCRIPTS_SLICE = /<!-- slice-start id="(_gatsby-scripts-\d+)" -->[\s\S]*?<!-- slice-end id="\1" -->/g;
const SLICE_FILE = /^_gatsby-scripts-\d+\.html$/;
// build/first-load-js.mjs finds the loader by this id.
export const LOADER_ID = "gatsby-scripts-after-first-paint";
const ASYNC_SCRIPT = /<script src="([^"]+)" async><\/script>/g;
const isRuntime = (src: string) => /\/webpack-runtime-[^/]*\.js$/.test(src);

/** The async script URLs of Gatsby's scripts slice, in its order. */
export function sliceScripts(sliceHtml: string): string[] {
  return [...sliceHtml.matchAll(ASYNC_SCRIPT)].map(([, src]) => src);
}

/**
 * Gatsby's scripts slice with its async tags replaced by one inline loader of the same URLs, webpack runtime first.
 * @throws Error when the slice has no async script tags (Gatsby's slice format changed)
 */
export function rewriteScriptsSlice(sliceHtml: string): string {
  const found = sliceScripts(sliceHtml);
  if (found.length === 0) {
    throw new Error('Gatsby\'s scripts slice has no <script src="..." async> tags: did its format change?');
  }
  const sources = [...found.filter(isRuntime), ...found.filter((src) => !isRuntime(src))];
  return `${sliceHtml.replace(ASYNC_SCRIPT, "")}<script id="${LOADER_ID}">${loaderScript(sources)}</script>`;
}

/**
 * One page's HTML with each scripts slice region refilled from `slices[id]` (idempotent, so a page
 * Gatsby did not rebuild still gets the current loader). @throws Error when `slices` lacks the page's slice
 */
export function rewritePage(html: string, slices: ReadonlyMap<string, string>): string {
  return html.replace(SCRIPTS_SLICE, (_match, id: string) => {
    const body = slices.get(id);
    if (body === undefined) throw new Error(`No rewritten content for Gatsby slice "${id}"`);
    return `<!-- slice-start id="${id}" -->${body}<!-- slice-end id="${id}" -->`;
  });
}

/**
 * Rewrites every built page under `publicDir` that has a Gatsby scripts slice.
 * @returns pages (relative to `publicDir`) that now hold the loader, rewritten now or on an earlier build
 */
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

/**
 * Routes of `pagesWithScripts` whose page is not among `rewritten` (files relative to public/): an
 * upgrade changed what this step reads (build/INTERNALS.md), so the post-build step stops the build.
 */
export function pagesNotRewritten(
  rewritten: readonly string[],
  pagesWithScripts: readonly string[],
): string[] {
  const routes = new Set(
    rewritten.map(
      (page) =>
        "/" +
        page
          .replace(/\\/g, "/")
          .replace(/(^|\/)index\.html$/, "")
          .replace(/\.html$/, ""),
    ),
  );
  return pagesWithScripts.filter((route) => !routes.has(route));
}
