/** First-load JS of each built page and its budgets (docs/decisions/0006-perf-first-load-js.md): gzip -9 per file, KB = 1,000 B. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { createJiti } from "jiti";

const jiti = createJiti(import.meta.url);
const { pagePath } = await jiti.import("../src/lib/site-head.ts");
const { LOADER_ID } = await jiti.import("./scripts-after-first-paint.ts");

export const KB = 1000;

export const PAGES_WITH_SCRIPTS = JSON.parse(
  readFileSync(new URL("./pages-with-scripts.json", import.meta.url), "utf8"),
);

export const BUDGETS = {
  pageWithScriptsGzipBytes: 100 * KB,
  scriptFreeFiles: 0,
  scriptFreeInlineBytes: 2 * KB,
};

/** Form-only libraries, allowed in the first load of FORM_ROUTES only (docs/requirements.md#performance-budget). */
const FORM_PACKAGES = ["react-hook-form", "zod", "@hookform/resolvers", "sonner"];
const FORM_ROUTES = ["/contact"];

/** Whether a page keeps Gatsby's scripts; "/contact/" and "/contact" are the same page. */
export function keepsScripts(route, pagesWithScripts = PAGES_WITH_SCRIPTS) {
  return pagesWithScripts.map(pagePath).includes(pagePath(route));
}

/** Sorted npm packages bundled in a built .js file, from its `<file>.map`; empty without one. */
function packagesInFile(path) {
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

/** The HTML file (relative to public/) Gatsby writes for a page path like "/about" (trailingSlash "never"). */
export function htmlFileFor(path) {
  if (path === "/") return "index.html";
  if (path.endsWith(".html")) return path.slice(1);
  return `${path.replace(/^\/|\/$/g, "")}/index.html`;
}

/** Every built page `{ route, html, pageData }`, sorted by route. @throws when public/page-data is missing */
export function discoverPages(publicDir) {
  const root = join(publicDir, "page-data");
  if (!existsSync(root)) throw new Error(`${root} is missing; run \`npm run build\` first`);
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === "page-data.json")
    .map((entry) => {
      const pageData = relative(publicDir, join(entry.parentPath, entry.name));
      const { path } = readJson(join(publicDir, pageData));
      return { route: path, html: htmlFileFor(path), pageData };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

function readBuilt(path) {
  if (!existsSync(path)) throw new Error(`${path} is missing; run \`npm run build\` first`);
  return readFileSync(path, "utf8");
}
const readJson = (path) => JSON.parse(readBuilt(path));

// Inline <script> types that run or steer the browser; any other type is a data block (JSON-LD).
const SCRIPT_TYPES = /^(|module|importmap|speculationrules|(text|application)\/(java|ecma)script)$/i;
// LOADER_ID is a plain word, so it needs no escaping in the pattern.
const LOADER_TAG = new RegExp(`\\bid\\s*=\\s*["']${LOADER_ID}["']`, "i");

/** `{ srcs, inlineBytes }` of an HTML page, the loader's URL list included. @throws when that list cannot be read */
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
    if (LOADER_TAG.test(match[1])) {
      const list = /,(\[[^\]]*\])\)\s*$/.exec(match[2])?.[1];
      if (list === undefined) throw new Error("the after-first-paint loader has no URL list at its end");
      JSON.parse(list).forEach(add);
    }
  }
  return { srcs, inlineBytes };
}

// One page's first-load files with bytes, gzip bytes and packages; `boots` if it loads Gatsby's app chunk group.
function measurePage(publicDir, page, byChunk) {
  const { componentChunkName } = readJson(join(publicDir, page.pageData));
  const { srcs, inlineBytes } = scriptsInHtml(readBuilt(join(publicDir, page.html)));
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

/** Measures every page of the build (or the given ones). */
export function measureFirstLoadJs(publicDir, pages = discoverPages(publicDir)) {
  const { assetsByChunkName } = readJson(join(publicDir, "webpack.stats.json"));
  return pages.map((page) => measurePage(publicDir, page, assetsByChunkName));
}

/** Form libraries found in the first load of pages that have no form; empty when clean. */
export function misplacedFormPackages(measurements) {
  return measurements
    .filter(({ route }) => !FORM_ROUTES.includes(route))
    .map(({ route, packages }) => ({ route, packages: packages.filter((p) => FORM_PACKAGES.includes(p)) }))
    .filter(({ packages }) => packages.length > 0);
}

/** Checks measurements against {@link BUDGETS}; one `{ ok, problems }` entry per page. */
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
