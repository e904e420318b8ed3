/**
 * The CMS editing test's server: `npm run cms` (decap-server + gatsby develop) in a scratch copy of
 * the project, because gatsby develop writes its page-data and static-query results into the
 * public/ it finds and decap-server saves edits into content/ (a test run leaves the tree as the
 * build made it: docs/requirements.md#lead-path-and-alerts). playwright.cms.config.ts starts it as
 * its webServer.
 *
 * Env: CMS_PROJECT_COPY, the absolute path of the copy (an earlier copy there is replaced); the
 * rest is passed on to `npm run cms` (CMS_SITE_PORT, ...). The copy holds every file of the
 * checkout except the folders below, with node_modules linked, not copied. It is removed when
 * `npm run cms` ends, also after SIGTERM/SIGINT (passed on to it). Exits with npm's exit code.
 */
import { spawn } from "node:child_process";
import { cpSync, rmSync, symlinkSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const NOT_COPIED = new Set([
  "node_modules",
  ".git",
  ".cache",
  "public",
  ".netlify",
  ".data",
  "test-results",
  "playwright-report",
]);

const copy = process.env.CMS_PROJECT_COPY;
if (!copy || !isAbsolute(copy) || relative(root, copy).split(sep)[0] !== "..") {
  console.error("cms-copy-server: CMS_PROJECT_COPY must be an absolute path outside the project");
  process.exit(2);
}

const removeCopy = () => rmSync(copy, { recursive: true, force: true, maxRetries: 5 });
removeCopy();
cpSync(root, copy, {
  recursive: true,
  filter: (source) => !NOT_COPIED.has(relative(root, source).split(sep)[0]),
});
symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");

const cms = spawn("npm", ["run", "cms"], { cwd: copy, stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => cms.kill(signal));
cms.on("exit", (code, signal) => {
  removeCopy();
  process.exit(code ?? (signal ? 1 : 0));
});
