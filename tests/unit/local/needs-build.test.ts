/**
 * @jest-environment node
 */
// `npm start` builds only when public/ is older than a source (scripts/local/needs-build.mjs). The
// query types the build writes into src/ are its output, not a source: counting them made every
// start after `npm run build` build again, and that partial second build left pages whose inline
// scripts no longer matched the CSP hashes in public/_headers.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { needsBuild } from "../../../scripts/local/needs-build.mjs";

let root: string;
const at = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "needs-build-"));
  mkdirSync(join(root, "public"));
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "src", "page.tsx"), "");
  writeFileSync(join(root, "src", "gatsby-types.d.ts"), "");
  writeFileSync(join(root, "public", "index.html"), "");
  at("src", 1_000);
  at("src/page.tsx", 1_000);
  at("src/gatsby-types.d.ts", 1_000);
  at("public/index.html", 2_000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("a build newer than every source is fresh", () => {
  expect(needsBuild(root)).toBe(false);
});

test("a source changed after the build makes it stale", () => {
  at("src/page.tsx", 3_000);
  expect(needsBuild(root)).toBe(true);
});

test("the query types the build itself wrote do not make it stale", () => {
  at("src/gatsby-types.d.ts", 3_000);
  expect(needsBuild(root)).toBe(false);
});

test("no build at all is stale", () => {
  rmSync(join(root, "public", "index.html"));
  expect(needsBuild(root)).toBe(true);
});

test("a build that kept an unchanged page's HTML is judged by when it finished (public/_headers)", () => {
  // Gatsby left index.html from an older build; the post-build step wrote _headers after the source.
  writeFileSync(join(root, "public", "_headers"), "");
  at("src/page.tsx", 3_000);
  at("public/_headers", 4_000);
  expect(needsBuild(root)).toBe(false);
  at("src/page.tsx", 5_000);
  expect(needsBuild(root)).toBe(true);
});
