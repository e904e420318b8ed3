/**
 * Content hashes of a folder tree, to tell whether a test run changed it.
 *
 * hashTree(dir) -> { "<path relative to dir, / separated>": "<sha256 hex of the bytes>" } for
 * every regular file below dir (symbolic links are hashed by their target's path, not followed);
 * a missing dir gives {}.
 * diffTrees(before, after) -> ["added <path>" | "removed <path>" | "changed <path>", ...], sorted,
 * [] when equal.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, readlinkSync } from "node:fs";
import { join, relative, sep } from "node:path";

export function hashTree(dir) {
  const hashes = {};
  if (!existsSync(dir)) return hashes;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath ?? entry.path, entry.name);
    const key = relative(dir, file).split(sep).join("/");
    if (entry.isSymbolicLink()) hashes[key] = `link:${readlinkSync(file)}`;
    else if (entry.isFile()) hashes[key] = createHash("sha256").update(readFileSync(file)).digest("hex");
  }
  return hashes;
}

export function diffTrees(before, after) {
  const changes = [];
  for (const [path, hash] of Object.entries(after)) {
    if (!(path in before)) changes.push(`added ${path}`);
    else if (before[path] !== hash) changes.push(`changed ${path}`);
  }
  for (const path of Object.keys(before)) if (!(path in after)) changes.push(`removed ${path}`);
  return changes.sort();
}
