#!/usr/bin/env node
/**
 * The configuration report `npm run build` prints first (docs/decisions/0034-core-and-add-ons.md):
 * each part of the site on, off, or invalid with the variables named (never a value), as the
 * functions will read this environment. Exit code 1 when a value it can see is invalid, so a typo
 * stops the deploy and never reaches a prospect; 0 otherwise, also when the core's variables are
 * missing (a local build, or one on Netlify whose variables are not scoped to builds).
 */
import { createJiti } from "jiti";

const jiti = createJiti(import.meta.url);
const { invalidParts, loadConfig, reportLines } = await jiti.import("../netlify/lib/compose.ts");

const result = loadConfig(process.env);
const lines = reportLines(result);
console.log(
  ["Configuration of the functions (this build's environment):", ...lines.map((l) => `  ${l}`)].join("\n"),
);
const coreInvalid = !result.ok && result.problems.some((problem) => problem.endsWith("is invalid"));
if (coreInvalid || invalidParts(result).length > 0) {
  console.error("Invalid settings: mend them in the site's environment variables, then deploy again.");
  process.exit(1);
}
