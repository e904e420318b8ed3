/**
 * The functions as a deploy uploads them: `netlify/functions/` bundled by Netlify's own bundler
 * (`@netlify/zip-it-and-ship-it`, the one Netlify's build runs), one zip per function plus the
 * `manifest.json` with each function's routes, schedule and traffic rules (decision
 * docs/decisions/0027-node-24-and-netlify-parity.md). `npm run bundle:functions` writes them to
 * `.netlify/functions-bundle/`; tests/deploy/functions-bundle.test.mjs runs each one from a
 * directory without the project's node_modules.
 *
 * Functions run on the Node major in `.nvmrc`, passed as the bundler's `nodeVersion`, as Netlify's
 * build passes the site's Node version.
 *
 * @param {{ root: string, outDir: string }} options absolute project root and output folder
 *   (created; earlier zips in it are replaced)
 * @returns {Promise<{ manifestPath: string, functions: Array<{ name: string, path: string,
 *   routes?: Array<{ pattern: string }>, schedule?: string, runtimeVersion?: string,
 *   trafficRules?: object }> }>} path is the zip's absolute path
 * @throws when a function cannot be bundled (a module it imports is missing)
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
