// Build-time guard (docs/requirements.md#performance-budget, build <= 60 s): the /admin/ build copies Decap's
// prebuilt bundle as it ships instead of re-minifying it with Terser (plugins/gatsby-plugin-decap-admin). A
// re-minified copy differs from the package's file. Needs `npm run build` first.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);

test("/admin/ serves decap-cms-app.js byte for byte as the package ships it", () => {
  const shipped = readFileSync(
    join(dirname(require.resolve("decap-cms-app/package.json")), "dist", "decap-cms-app.js"),
  );
  const served = readFileSync(join(root, "public", "admin", "decap-cms-app.js"));
  assert.ok(served.equals(shipped), "public/admin/decap-cms-app.js was rewritten by the build (Terser?)");
});

test("the CMS's own entry is still minified", () => {
  const cms = readFileSync(join(root, "public", "admin", "cms.js"), "utf8");
  const lines = cms.split("\n").length;
  assert.ok(lines < 20, `public/admin/cms.js has ${lines} lines: not minified`);
});
