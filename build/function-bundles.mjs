/**
 * Bundles `netlify/functions/` with Netlify's own bundler, one zip per function, on the Node of `.nvmrc`
 * (docs/decisions/0027-node-24-and-netlify-parity.md): `{ root, outDir }` (absolute paths) -> `{ manifestPath,
 * functions }`. @throws when a function cannot be bundled (a module it imports is missing)
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { zipFunctions } from "@netlify/zip-it-and-ship-it";

export async function bundleFunctions({ root, outDir }) {
  mkdirSync(outDir, { recursive: true });
  const manifestPath = join(outDir, "manifest.json");
  const functions = await zipFunctions([join(root, "netlify", "functions")], outDir, {
    basePath: root,
    repositoryRoot: root,
    manifest: manifestPath,
    config: { "*": { nodeVersion: readFileSync(join(root, ".nvmrc"), "utf8").trim() } },
  });
  return { manifestPath, functions };
}
