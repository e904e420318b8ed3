/**
 * Whether `public/` is stale (docs/requirements.md#site-content-and-local-server), by its sources' digest, never
 * modification times: `npm install` rewrites an unchanged package-lock.json; Gatsby keeps unchanged pages' HTML.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";

const SOURCES = (
  "src content static build plugins gatsby-config.ts gatsby-node.ts gatsby-browser.tsx gatsby-ssr.tsx " +
  "package-lock.json postcss.config.js"
).split(" ");
// Written by the build itself (query types), so never a reason to build again.
const BUILD_OUTPUT = join("src", "gatsby-types.d.ts");
const RECORD = join(".cache", "built-sources.sha256");

function sourceFiles(path, root) {
  if (!existsSync(path) || relative(root, path) === BUILD_OUTPUT) return [];
  if (!statSync(path).isDirectory()) return [relative(root, path)];
  return readdirSync(path)
    .sort()
    .flatMap((name) => sourceFiles(join(path, name), root));
}

function sourcesDigest(root) {
  const digest = createHash("sha256");
  for (const file of SOURCES.flatMap((source) => sourceFiles(join(root, source), root))) {
    const content = createHash("sha256")
      .update(readFileSync(join(root, file)))
      .digest("hex");
    digest.update(`${file.split(sep).join("/")}\0${content}\n`);
  }
  return digest.digest("hex");
}

/** Records that `root`'s `public/` is a finished build of the sources as they are now. */
export function recordBuild(root) {
  const record = join(root, RECORD);
  mkdirSync(dirname(record), { recursive: true });
  writeFileSync(record, `${sourcesDigest(root)}\n`);
}

/** Forgets the record, so that a build stopped half-way is never taken for a finished one. */
export function forgetBuild(root) {
  rmSync(join(root, RECORD), { force: true });
}

/** True when `root` has no finished build, or a source's content changed since it finished. */
export function needsBuild(root) {
  if (!existsSync(join(root, "public", "index.html"))) return true;
  let recorded;
  try {
    recorded = readFileSync(join(root, RECORD), "utf8").trim();
  } catch {
    return true; // no record, or one that cannot be read: build again
  }
  return recorded !== sourcesDigest(root);
}
