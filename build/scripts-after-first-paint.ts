/**
 * Starts the Gatsby scripts of a page with scripts (/contact, build/pages-with-scripts.json)
 * once the browser reports its first contentful paint, instead of from `<script async>` tags
 * (docs/requirements.md#performance-budget: LCP; kept by docs/decisions/0016-contact-first-load.md, which
 * lists the private Gatsby details this reads and the tests that fail when they change). Run from
 * gatsby-node's `onPostBuild`, before the CSP hashing (build/csp-headers.ts), which then allows the loader
 * like every inline script. Script-free pages have no scripts slice and are left alone.
 *
 * Why: the LCP element (the intro text) and its CSS are in the HTML, so the first paint needs no
 * script. With async tags the scripts arrive and run before that paint on a fast link, and
 * Lighthouse's simulation then counts them towards LCP. Started after the paint, they hydrate the
 * page later by that paint's style, layout and paint time (tens of milliseconds). The webpack
 * runtime runs first, so each chunk registers as it runs, in its own task. Without JavaScript
 * nothing changes: the form posts as before.
 *
 * Gatsby 5 writes the tags into the `_gatsby-scripts` slice and stitches it into every page's HTML
 * after `onPreRenderHTML`, so the pages are rewritten here, between the slice markers only.
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
 * Gatsby's scripts slice (`public/_gatsby/slices/_gatsby-scripts-N.html`) with its async script
 * tags replaced by one inline loader: the same URLs, the webpack runtime first; the chunk mapping
 * and compilation hash scripts stay as they are.
 * @throws Error when the slice has no async script tags: Gatsby's slice format changed
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
 * Rewrites every built page under `publicDir` that has a Gatsby scripts slice (build/built-pages.ts:
 * not /admin/, not the slice files themselves, which stay as Gatsby wrote them).
 * @returns the pages (files relative to `publicDir`) that start their scripts after the first
 *   paint: rewritten now, or already, when a rebuild kept a page's HTML Gatsby found unchanged
 *   ("no new or changed html files") and the page still holds the current loader
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
 * The routes of `pagesWithScripts` (e.g. "/contact") whose page is not among `rewritten` (files
 * relative to public/, e.g. "contact/index.html"): a page that keeps Gatsby's scripts but whose
 * scripts were not moved after the first paint, because an upgrade changed the slice markers or
 * files this step reads (build/INTERNALS.md). The post-build step stops the build on any.
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
