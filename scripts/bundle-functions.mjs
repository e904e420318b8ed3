#!/usr/bin/env node
/**
 * `npm run bundle:functions`: bundles netlify/functions/ with Netlify's own bundler into
 * `.netlify/functions-bundle/` (one zip per function and manifest.json), the artefacts a deploy
 * uploads, and prints each function's name, zip size and routes or schedule.
 */
import { join, resolve } from "node:path";
import { bundleFunctions } from "../build/function-bundles.mjs";

const root = resolve(import.meta.dirname, "..");
const { functions, manifestPath } = await bundleFunctions({
  root,
  outDir: join(root, ".netlify", "functions-bundle"),
});
for (const fn of functions) {
  const where = fn.routes?.map((route) => route.pattern).join(", ") || `schedule ${fn.schedule}`;
  console.log(`${fn.name}: ${(fn.size / 1024).toFixed(0)} KB, ${fn.runtimeVersion}, ${where}`);
}
console.log(`Manifest: ${manifestPath}`);
