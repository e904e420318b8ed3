#!/usr/bin/env node
/** `npm run bundle:functions`: the deploy's function zips with Netlify's own bundler, and their routes. */
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
