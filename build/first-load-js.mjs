/**
 * First-load JavaScript of each built page, measured from `public/` the way the browser loads it,
 * and the budgets it is held to (docs/requirements.md#interactive-at-first-paint, which tightened
 * docs/requirements.md#performance-budget; docs/decisions/0006-perf-first-load-js.md).
 *
 * Every page is script-free unless build/pages-with-scripts.json lists it: its HTML loads no
 * same-origin script file at all, and its inline scripts (theme, speculation rules, the 404 log;
 * data blocks such as JSON-LD are not scripts) stay under 2 KB together. A listed page boots Gatsby
 * and React; its first load is the `app` chunk group (webpack runtime + framework + app + shared
 * chunks) plus the chunk group of its page component (`componentChunkName` in its page-data.json),
 * both read from Gatsby's `webpack.stats.json` (`assetsByChunkName` lists every file of a chunk
 * group, split chunks included), within 100 KB gzipped. Gatsby puts only the app files in
 * `<script src>` tags and fetches the component chunk right after boot, so it counts too. Every
 * same-origin `<script src>` of the HTML is added as well, and listed in `unlistedScripts` when the
 * stats did not name it, so the figure can never be smaller than what the HTML makes the browser
 * fetch.
 *
 * Sizes are gzip level 9 of each file on its own (zlib.gzipSync), as a CDN would send them; inline
 * scripts count in UTF-8 bytes as written. KB means 1,000 bytes (the stricter reading).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

export const KB = 1000;

/**
 * The pages that keep Gatsby's scripts and hydrate (build/pages-with-scripts.json, also read
 * by gatsby-config.ts); every other page is script-free.
 */
export const PAGES_WITH_SCRIPTS = JSON.parse(
  readFileSync(new URL("./pages-with-scripts.json", import.meta.url), "utf8"),
);

/**
 * The budgets of docs/requirements.md#interactive-at-first-paint: gzipped first-load JS of a page with
 * scripts, inline script bytes of the others.
 */
export const BUDGETS = {
  pageWithScriptsGzipBytes: 100 * KB,
  scriptFreeFiles: 0,
  scriptFreeInlineBytes: 2 * KB,
};

/**
 * Libraries only the demo-request form needs (docs/requirements.md#performance-budget: no library
 * a page does not use in its first load); they may appear in the first load of these routes only.
 */
export const FORM_PACKAGES = ["react-hook-form", "zod", "@hookform/resolvers", "sonner"];
export const FORM_ROUTES = ["/contact"];

/**
 * Whether a page keeps Gatsby's scripts; "/contact/" and "/contact" are the same page.
 *
 * @param {string} route page path like "/contact" or "/404.html"
 * @param {readonly string[]} [pagesWithScripts] defaults to {@link PAGES_WITH_SCRIPTS}
 * @returns {boolean}
 */
export function keepsScripts(route, pagesWithScripts = PAGES_WITH_SCRIPTS) {
  const normalise = (path) => (path.length > 1 ? path.replace(/\/+$/, "") : "/");
  return pagesWithScripts.map(normalise).includes(normalise(route));
}

/**
 * The npm packages bundled in a built file, read from its source map (Gatsby writes `<file>.map`).
 *
 * @param {string} path absolute path of a .js file
 * @returns {string[]} sorted package names like "react-dom" or "@hookform/resolvers"; empty when
 *   there is no source map
 */
export function packagesInFile(path) {
  if (!existsSync(`${path}.map`)) return [];
  const { sources = [] } = JSON.parse(readFileSync(`${path}.map`, "utf8"));
  const names = new Set();
  for (const source of sources) {
    const at = source.lastIndexOf("node_modules/");
    if (at < 0) continue;
    const [scope, name] = source.slice(at + "node_modules/".length).split("/");
    names.add(scope.startsWith("@") ? `${scope}/${name}` : scope);
  }
  return [...names].sort();
}

/**
 * The HTML file Gatsby writes for a page path (trailingSlash "never").
 *
 * @param {string} path page path like "/", "/about" or "/404.html"
 * @returns {string} file relative to public/, like "about/index.html"
 */
export function htmlFileFor(path) {
  if (path === "/") return "index.html";
  if (path.endsWith(".html")) return path.slice(1);
  return `${path.replace(/^\/|\/$/g, "")}/index.html`;
}

/**
 * Every page of the build, found through its page-data.json.
 *
 * @param {string} publicDir absolute path of the built site
 * @returns {{ route: string, html: string, pageData: string }[]} sorted by route; files relative to
 *   publicDir
 * @throws when public/page-data is missing
 */
export function discoverPages(publicDir) {
  const root = join(publicDir, "page-data");
  if (!existsSync(root)) throw new Error(`${root} is missing; run \`npm run build\` first`);
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === "page-data.json") {
        const pageData = relative(publicDir, join(dir, entry.name));
        const { path } = readJson(join(publicDir, pageData));
        found.push({ route: path, html: htmlFileFor(path), pageData });
      }
    }
  };
  walk(root);
  return found.sort((a, b) => a.route.localeCompare(b.route));
}

function readJson(path) {
  if (!existsSync(path)) throw new Error(`${path} is missing; run \`npm run build\` first`);
  return JSON.parse(readFileSync(path, "utf8"));
}

// Inline <script> types that run or steer the browser; any other type is a data block (JSON-LD).
const SCRIPT_TYPES = /^(|module|importmap|speculationrules|(text|application)\/(java|ecma)script)$/i;

/**
 * The scripts an HTML document makes the browser fetch or run: its `<script src>` tags and the URLs
 * of the loader that starts Gatsby's scripts after the first paint on a page with scripts
 * (build/scripts-after-first-paint.ts: `<script id="gatsby-scripts-after-first-paint">` whose
 * source ends with the URL list as a JSON array argument).
 *
 * @param {string} html
 * @returns {{ srcs: string[], inlineBytes: number }} srcs: same-origin src paths without the leading
 *   slash; inlineBytes: UTF-8 bytes of all inline scripts together, data blocks left out.
 * @throws when a loader script's URL list cannot be read (the loader's format changed)
 */
export function scriptsInHtml(html) {
  const srcs = [];
  let inlineBytes = 0;
  const add = (src) => {
    if (!/^(https?:)?\/\//i.test(src)) srcs.push(src.replace(/^\//, "").split(/[?#]/)[0]);
  };
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(match[1])?.[1];
    if (src !== undefined) {
      add(src);
      continue;
    }
    const type = /\btype\s*=\s*["']([^"']*)["']/i.exec(match[1])?.[1] ?? "";
    if (SCRIPT_TYPES.test(type.trim())) inlineBytes += Buffer.byteLength(match[2], "utf8");
    if (/\bid\s*=\s*["']gatsby-scripts-after-first-paint["']/i.test(match[1])) {
      const list = /,(\[[^\]]*\])\)\s*$/.exec(match[2])?.[1];
      if (list === undefined) throw new Error("the after-first-paint loader has no URL list at its end");
      JSON.parse(list).forEach(add);
    }
  }
  return { srcs, inlineBytes };
}

/**
 * Measures one page's first-load JavaScript.
 *
 * @param {string} publicDir absolute path of the built site
 * @param {{ route: string, html: string, pageData: string }} page entry of {@link discoverPages}
 * @param {Record<string, string[]>} [assetsByChunkName] webpack.stats.json's map (read when omitted)
 * @returns {{ route: string, componentChunkName: string, boots: boolean, files: { file: string,
 *   bytes: number, gzipBytes: number, packages: string[] }[], bytes: number, gzipBytes: number,
 *   inlineScriptBytes: number, htmlScripts: string[], unlistedScripts: string[],
 *   packages: string[] }} boots: the HTML loads Gatsby's app chunk group; byte counts per file and
 *   summed; packages: npm packages bundled in them
 * @throws when the HTML, page-data.json, stats or a listed file is missing
 */
export function measurePage(publicDir, page, assetsByChunkName) {
  const byChunk = assetsByChunkName ?? readJson(join(publicDir, "webpack.stats.json")).assetsByChunkName;
  const { componentChunkName } = readJson(join(publicDir, page.pageData));
  const htmlPath = join(publicDir, page.html);
  if (!existsSync(htmlPath)) throw new Error(`${htmlPath} is missing; run \`npm run build\` first`);
  const { srcs, inlineBytes } = scriptsInHtml(readFileSync(htmlPath, "utf8"));

  const app = (byChunk.app ?? []).filter((f) => f.endsWith(".js"));
  // A script-free page's HTML loads none of Gatsby's files, so nothing of the stats is fetched.
  const boots = srcs.some((src) => app.includes(src));
  const fromStats = boots
    ? [...app, ...(byChunk[componentChunkName] ?? []).filter((f) => f.endsWith(".js"))]
    : [];
  const unlistedScripts = srcs.filter((src) => !fromStats.includes(src));
  const files = [...new Set([...fromStats, ...unlistedScripts])].map((file) => {
    const path = join(publicDir, file);
    if (!existsSync(path)) throw new Error(`${path} (first load of ${page.route}) is missing`);
    const content = readFileSync(path);
    const gzipBytes = gzipSync(content, { level: 9 }).length;
    return { file, bytes: content.length, gzipBytes, packages: packagesInFile(path) };
  });
  return {
    route: page.route,
    componentChunkName,
    boots,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    inlineScriptBytes: inlineBytes,
    htmlScripts: srcs,
    unlistedScripts,
    packages: [...new Set(files.flatMap((f) => f.packages))].sort(),
  };
}

/**
 * Measures every page of the build (or the given ones).
 *
 * @param {string} publicDir absolute path of the built site
 * @param {ReturnType<typeof discoverPages>} [pages] defaults to every built page
 * @returns {ReturnType<typeof measurePage>[]}
 */
export function measureFirstLoadJs(publicDir, pages = discoverPages(publicDir)) {
  const { assetsByChunkName } = readJson(join(publicDir, "webpack.stats.json"));
  return pages.map((page) => measurePage(publicDir, page, assetsByChunkName));
}

/**
 * Form libraries found in the first load of pages that have no form.
 *
 * @param {{ route: string, packages: string[] }[]} measurements
 * @returns {{ route: string, packages: string[] }[]} one entry per offending page; empty when clean
 */
export function misplacedFormPackages(measurements) {
  return measurements
    .filter(({ route }) => !FORM_ROUTES.includes(route))
    .map(({ route, packages }) => ({ route, packages: packages.filter((p) => FORM_PACKAGES.includes(p)) }))
    .filter(({ packages }) => packages.length > 0);
}

/**
 * Compares measurements with the budgets of docs/requirements.md#interactive-at-first-paint: a page with
 * scripts must load them (else the list is stale) within {@link BUDGETS}.pageWithScriptsGzipBytes; every
 * other page must load no script file and keep its inline scripts within
 * {@link BUDGETS}.scriptFreeInlineBytes.
 *
 * @param {{ route: string, files: unknown[], gzipBytes: number, inlineScriptBytes: number }[]} measurements
 * @param {readonly string[]} [pagesWithScripts] defaults to {@link PAGES_WITH_SCRIPTS}
 * @returns {{ route: string, keepsScripts: boolean, files: number, gzipBytes: number,
 *   inlineScriptBytes: number, ok: boolean, problems: string[] }[]} problems say what is over budget
 */
export function checkBudgets(measurements, pagesWithScripts = PAGES_WITH_SCRIPTS) {
  return measurements.map(({ route, files, gzipBytes, inlineScriptBytes }) => {
    const keeps = keepsScripts(route, pagesWithScripts);
    const problems = [];
    if (keeps && files.length === 0) problems.push("listed as a page with scripts but loads none");
    if (keeps && gzipBytes > BUDGETS.pageWithScriptsGzipBytes)
      problems.push(`first-load JS ${gzipBytes} B > ${BUDGETS.pageWithScriptsGzipBytes} B gzipped`);
    if (!keeps && files.length > BUDGETS.scriptFreeFiles)
      problems.push(`loads ${files.length} script file(s) but is not in build/pages-with-scripts.json`);
    if (!keeps && inlineScriptBytes > BUDGETS.scriptFreeInlineBytes)
      problems.push(`inline scripts ${inlineScriptBytes} B > ${BUDGETS.scriptFreeInlineBytes} B`);
    return {
      route,
      keepsScripts: keeps,
      files: files.length,
      gzipBytes,
      inlineScriptBytes,
      ok: problems.length === 0,
      problems,
    };
  });
}
