/**
 * Decides whether `public/` is stale: true when there is no build yet, or when any
 * source the build reads (src/, content/, static/, gatsby-*.ts, package-lock.json)
 * changed after `public/index.html` was written.
 *
 * @param {string} root absolute project root
 * @returns {boolean}
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

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

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

export function needsBuild(root) {
  const marker = join(root, "public", "index.html");
  if (!existsSync(marker)) return true;
  const builtAt = statSync(marker).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}
