/**
 * @jest-environment node
 */
// `npm start` builds only when a source's content changed since the last finished build
// (scripts/local/needs-build.mjs). Modification times misled it: `npm install` rewrites an unchanged
// package-lock.json, and the query types the build writes into src/ are its output, not a source (counting
// them once made every start rebuild, leaving pages whose inline scripts missed the CSP hashes).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forgetBuild, needsBuild, recordBuild } from "../../../scripts/local/needs-build.mjs";

let root: string;
const write = (path: string, content: string) => writeFileSync(join(root, path), content);
const touch = (path: string) => utimesSync(join(root, path), new Date(), new Date(Date.now() + 60_000));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "needs-build-"));
  mkdirSync(join(root, "public"));
  mkdirSync(join(root, "src"));
  write("src/page.tsx", "export default 1;\n");
  write("src/gatsby-types.d.ts", "");
  write("package-lock.json", '{ "lockfileVersion": 3 }\n');
  write("public/index.html", "");
  write("public/_headers", "");
  recordBuild(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("a finished build of the sources as they are is fresh", () => {
  expect(needsBuild(root)).toBe(false);
});

test("touching a source without changing it does not make the build stale (npm install and the lock file)", () => {
  touch("package-lock.json");
  touch("src/page.tsx");
  touch("src");
  expect(needsBuild(root)).toBe(false);
});

test("changing one byte of a source makes it stale", () => {
  write("src/page.tsx", "export default 2;\n");
  expect(needsBuild(root)).toBe(true);
});

test("a source added or removed makes it stale", () => {
  write("src/other.tsx", "");
  expect(needsBuild(root)).toBe(true);
  rmSync(join(root, "src", "other.tsx"));
  expect(needsBuild(root)).toBe(false);
  rmSync(join(root, "src", "page.tsx"));
  expect(needsBuild(root)).toBe(true);
});

test("the query types the build itself writes do not make it stale", () => {
  write("src/gatsby-types.d.ts", "declare namespace Queries {}\n");
  expect(needsBuild(root)).toBe(false);
});

test("no build at all, or one that did not finish, is stale", () => {
  forgetBuild(root);
  expect(needsBuild(root)).toBe(true);
  recordBuild(root);
  rmSync(join(root, "public", "index.html"));
  expect(needsBuild(root)).toBe(true);
});

test("a build record that cannot be read means a new build, not a failed start", () => {
  const record = join(root, ".cache", "built-sources.sha256");
  rmSync(record);
  mkdirSync(record);
  expect(needsBuild(root)).toBe(true);
});
