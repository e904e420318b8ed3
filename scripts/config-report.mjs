#!/usr/bin/env node
/**
 * The configuration report of `npm run build` (docs/decisions/0034-core-and-add-ons.md): each add-on judged on
 * its own, even where the build cannot see the core's variables; exit 1 when a value it can see is invalid, so
 * a typo stops the deploy, never a prospect.
 */
import { createJiti } from "jiti";

const jiti = createJiti(import.meta.url);
const { invalidParts, reportLines, settingsReport } = await jiti.import("../netlify/lib/compose.ts");

const result = settingsReport(process.env);
const lines = reportLines(result);
console.log(
  ["Configuration of the functions (this build's environment):", ...lines.map((l) => `  ${l}`)].join("\n"),
);
const coreInvalid = !result.ok && result.problems.some((problem) => /^\w+ is invalid/.test(problem));
if (coreInvalid || invalidParts(result).length > 0) {
  console.error("Invalid settings: mend them in the site's environment variables, then deploy again.");
  process.exit(1);
}
