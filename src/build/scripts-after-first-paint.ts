/**
 * Starts each page's Gatsby scripts once the browser reports its first contentful paint, instead of
 * from `<script async>` tags (issue 5: LCP <= 1.5 s on a throttled phone). Run from gatsby-node's
 * `onPostBuild`, before the CSP hashing (netlify/build/csp-headers.ts), which then allows the
 * loader like Gatsby's own inline scripts.
 *
 * Why: the LCP element (hero text) and its CSS are in the HTML, so the first paint needs no script.
 * With async tags, on a fast link and a slow CPU the framework chunk (~45 KB gzipped) arrives and
 * runs before that paint and holds it back, and on a poor link its download competes with the HTML.
 * Started after the paint, the scripts hydrate the page later by that paint's style, layout and
 * paint time (tens of milliseconds) and never delay what the visitor first sees.
 *
 * Run order, for TBT <= 50 ms (simulated throttling multiplies each main-thread task by 4): the
 * loader (src/build/scripts-loader.ts) runs the webpack runtime first, then the framework chunk,
 * whose task also runs React DOM's start-up (the prewarm), then the app chunk, whose task starts
 * Gatsby. With Gatsby's async tags all of that start-up ran in one long task (docs/performance.md).
 * Without JavaScript nothing changes: the pages and the no-JS form never needed these scripts.
 *
 * Gatsby 5 writes the tags into the `_gatsby-scripts` slice and stitches it into every page's HTML
 * after `onPreRenderHTML`, so the pages are rewritten here, between the slice markers only.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtPages } from "./built-pages";
import { REACT_DOM_CLIENT_ID } from "./pin-module-id";
import { loaderScript, type Prewarm } from "./scripts-loader";

const SCRIPTS_SLICE = /<!-- slice-start id="(_gatsby-scripts-\d+)" -->[\s\S]*?<!-- slice-end id="\1" -->/g;
const SLICE_FILE = /^_gatsby-scripts-\d+\.html$/;
// scripts/lib/first-load-js.mjs finds the loader by this id.
export const LOADER_ID = "gatsby-scripts-after-first-paint";
const ASYNC_SCRIPT = /<script src="([^"]+)" async><\/script>/g;
const isRuntime = (src: string) => /\/webpack-runtime-[^/]*\.js$/.test(src);
const isFramework = (src: string) => /\/framework-[^/]*\.js$/.test(src);
const CHUNK_GLOBAL = /^[^\n]*?\(self\.(webpackChunk[\w$]+)=self\.\1\|\|\[\]\)\.push\(/m;

/** The async script URLs of Gatsby's scripts slice, in its order. */
export function sliceScripts(sliceHtml: string): string[] {
  return [...sliceHtml.matchAll(ASYNC_SCRIPT)].map(([, src]) => src);
}

/**
 * Gatsby's scripts slice (`public/_gatsby/slices/_gatsby-scripts-N.html`) with its async script
 * tags replaced by one inline loader: the same URLs with the webpack runtime first (so every chunk
 * registers as it runs, and the prewarm module can run in the framework chunk's task); the chunk
 * mapping and compilation hash scripts stay as they are. A slice without such tags comes back
 * unchanged.
 */
export function rewriteScriptsSlice(sliceHtml: string, prewarm: Prewarm | null = null): string {
  const found = sliceScripts(sliceHtml);
  if (found.length === 0) return sliceHtml;
  const sources = [...found.filter(isRuntime), ...found.filter((src) => !isRuntime(src))];
  return `${sliceHtml.replace(ASYNC_SCRIPT, "")}<script id="${LOADER_ID}">${loaderScript(sources, prewarm)}</script>`;
}

/**
 * The prewarm for a slice's scripts: React DOM's client module, run right after the framework chunk.
 * @param readScript reads a script URL's file from the build (`/framework-x.js` -> its text)
 * @returns null when the slice has no framework chunk
 * @throws Error when the framework chunk lacks the pinned module or webpack's chunk array, i.e. the
 *   webpack plugin (src/build/pin-module-id.ts) is not registered or webpack's output changed
 */
export function reactDomPrewarm(
  sources: readonly string[],
  readScript: (src: string) => string,
): Prewarm | null {
  const script = sources.find(isFramework);
  if (script === undefined) return null;
  const code = readScript(script);
  const chunkGlobal = CHUNK_GLOBAL.exec(code)?.[1];
  if (chunkGlobal === undefined) throw new Error(`${script} does not start with webpack's chunk array push`);
  if (!code.includes(`"${REACT_DOM_CLIENT_ID}":`)) {
    throw new Error(
      `${script} has no module "${REACT_DOM_CLIENT_ID}": is PinReactDomClientId added in gatsby-node's onCreateWebpackConfig?`,
    );
  }
  return { script, chunkGlobal, moduleId: REACT_DOM_CLIENT_ID };
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
 * Rewrites every built page under `publicDir` that has a Gatsby scripts slice (src/build/built-pages.ts:
 * not /admin/, not the slice files themselves, which stay as Gatsby wrote them).
 * @returns how many HTML files changed
 */
export function loadScriptsAfterFirstPaint(publicDir: string): number {
  const sliceDir = join(publicDir, "_gatsby", "slices");
  const slices = new Map(
    readdirSync(sliceDir)
      .filter((name) => SLICE_FILE.test(name))
      .map((name) => {
        const slice = readFileSync(join(sliceDir, name), "utf8");
        const prewarm = reactDomPrewarm(sliceScripts(slice), (src) =>
          readFileSync(join(publicDir, src), "utf8"),
        );
        return [name.slice(0, -".html".length), rewriteScriptsSlice(slice, prewarm)];
      }),
  );
  let changed = 0;
  for (const page of builtPages(publicDir)) {
    const file = join(publicDir, page);
    const html = readFileSync(file, "utf8");
    const rewritten = rewritePage(html, slices);
    if (rewritten === html) continue;
    writeFileSync(file, rewritten);
    changed += 1;
  }
  return changed;
}
