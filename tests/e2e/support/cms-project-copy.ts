import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** This checkout's root folder. */
export const projectRoot = join(__dirname, "..", "..", "..");

/**
 * Where the CMS editing test runs its scratch copy of the project (made by
 * tests/e2e/support/cms-copy-server.mjs): a folder in the OS temp dir named after this checkout,
 * so the config and the test, which Playwright loads in separate processes, agree on it, and two
 * checkouts never share one.
 * @returns absolute path (the folder may not exist yet)
 */
export function cmsProjectCopy(): string {
  const id = createHash("sha256").update(projectRoot).digest("hex").slice(0, 12);
  return join(tmpdir(), `cms-test-project-${id}`);
}
