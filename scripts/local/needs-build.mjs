/**
 * Whether `public/` is stale: no build, or a source changed after `public/_headers` was written. Not the
 * pages' times, which Gatsby leaves alone when unchanged, nor the typegen output, which the build itself
 * writes: either made a fresh build look stale, and a rebuild broke the CSP hashes.
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
