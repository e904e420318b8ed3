// scripts/local/persistent-function-builds.mjs patches `FunctionsHandler.prototype.invoke` of
// @netlify/functions-dev so that `npm start` builds each function once per run. It relies on private
// details (build/INTERNALS.md): the copy it patches is the one @netlify/dev runs, `invoke` takes
// (request, route, func, buildDirectory) and falls back to `this.globalBuildDirectory`, where
// `undefined` means "reuse the last build". An upgrade that changes any of them fails here.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { FunctionsHandler } from "@netlify/functions-dev";

/** The folder of the installed package `name`, from the file its entry resolves to. */
function packageDir(name) {
  const entry = fileURLToPath(import.meta.resolve(name));
  return entry.slice(0, entry.lastIndexOf(join("node_modules", name)) + join("node_modules", name).length);
}

test("@netlify/dev runs the @netlify/functions-dev copy the patch reaches (no copy of its own)", () => {
  const dev = packageDir("@netlify/dev");
  assert.equal(existsSync(join(dev, "node_modules", "@netlify", "functions-dev")), false);
  assert.equal(packageDir("@netlify/functions-dev"), join(dev, "..", "functions-dev"));
});

test("FunctionsHandler.prototype.invoke takes (request, route, func, buildDirectory) and falls back to globalBuildDirectory", () => {
  const invoke = FunctionsHandler.prototype.invoke;
  assert.equal(typeof invoke, "function");
  assert.match(invoke.toString(), /^async invoke\(request, route, func, buildDirectory\)/);
  assert.match(invoke.toString(), /buildDirectory \?\? this\.globalBuildDirectory/);
});
