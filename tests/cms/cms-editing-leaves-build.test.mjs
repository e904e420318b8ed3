// A test run leaves no trace (docs/requirements.md#lead-path-and-alerts): the CMS editing test (gatsby
// develop + decap-server, playwright.cms.config.ts) leaves public/ exactly as `npm run build` wrote it and
// content/ as committed. gatsby develop writes its own page-data and static-query results into the public/ it
// finds; when that was the build's, `npm start` afterwards served the edited texts and React reported
// hydration errors (#418/#423) on /about. Run with `npm run test:cms` after `npm run build`; it runs the CMS
// editing test itself.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { diffTrees, hashTree } from "./tree-hash.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const watched = ["public", "content"];

test("the CMS editing test leaves public/ as the build wrote it and content/ as committed", () => {
  assert.ok(existsSync(join(root, "public", "index.html")), "no build in public/: run `npm run build` first");
  const before = Object.fromEntries(watched.map((dir) => [dir, hashTree(join(root, dir))]));

  const run = spawnSync("npx", ["playwright", "test", "--config", "playwright.cms.config.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  assert.equal(run.status, 0, "the CMS editing test failed (its output is above)");

  for (const dir of watched) {
    const changes = diffTrees(before[dir], hashTree(join(root, dir)));
    assert.deepEqual(changes, [], `${dir}/ changed during the CMS editing test`);
  }
});
