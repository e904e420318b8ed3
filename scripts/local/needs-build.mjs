/**
 * Decides whether `public/` is stale: true when there is no build yet, or when any
 * source the build reads (src/, content/, static/, gatsby-*.ts, package-lock.json)
 * changed after the build finished: when `public/_headers` was written, which every build's
 * post-build step rewrites (build/csp-headers.ts), else `public/index.html`. Gatsby leaves a page's
 * HTML alone when it finds it unchanged ("no new or changed html files"), so the page's time says
 * when it last changed, not when the site was last built: judged by it, a fresh build looked stale,
 * and `npm start` built again under a running server, whose pages then no longer matched their
 * CSP hashes.
 *
 * The query types the build itself writes (src/gatsby-types.d.ts, graphqlTypegen) are not a
 * source: counting them made every `npm start` after `npm run build` build again, and that
 * second build rewrote only some pages, which then no longer matched the CSP hashes in
 * public/_headers (the inline scripts of /contact were blocked).
 *
 * @param {string} root absolute project root
 * @returns {boolean}
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const SOURCES = [
  "src",
  "content",
  "static",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "package-lock.json",
  "postcss.config.js",
];

/** Files under the sources that the build writes (project-relative). */
const BUILD_OUTPUTS = new Set([join("src", "gatsby-types.d.ts")]);

function newestMtime(path, root) {
  if (!existsSync(path) || BUILD_OUTPUTS.has(relative(root, path))) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newestMtime(join(path, name), root)),
    stat.mtimeMs,
  );
}

export function needsBuild(root) {
  const page = join(root, "public", "index.html");
  if (!existsSync(page)) return true;
  const headers = join(root, "public", "_headers");
  const builtAt = statSync(existsSync(headers) ? headers : page).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source), root) > builtAt);
}
