// Cache-Control of the built site through the local Netlify emulation, which applies netlify.toml's
// [[headers]] (docs/decisions/0005-perf-cache-headers.md; values from
// https://www.gatsbyjs.com/docs/caching/). Needs `npm run build`.
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { discoverPages } from "../../build/first-load-js.mjs";
import { startSiteServer } from "../../scripts/local/site-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const publicDir = join(root, "public");
const REVALIDATE = "public, max-age=0, must-revalidate";
const IMMUTABLE = "public, max-age=31536000, immutable";

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => "/" + relative(publicDir, join(entry.parentPath ?? entry.path, entry.name)));
}

let server;
before(async () => {
  server = await startSiteServer({ root, port: 0 });
});
after(() => server?.close());

async function cacheControl(path) {
  const response = await fetch(server.url + path);
  await response.arrayBuffer();
  assert.equal(response.status, 200, `${path} status`);
  return response.headers.get("cache-control");
}

test("HTML pages revalidate", async () => {
  for (const { route } of discoverPages(publicDir))
    assert.equal(await cacheControl(route), REVALIDATE, route);
});

test("page-data and app-data revalidate", async () => {
  const paths = filesUnder(join(publicDir, "page-data"));
  assert.ok(paths.includes("/page-data/app-data.json"));
  for (const path of paths) assert.equal(await cacheControl(path), REVALIDATE, path);
});

test("hashed JS/CSS at the root and static/ are immutable", async () => {
  const rootAssets = readdirSync(publicDir).filter((name) => /\.(js|css)$/.test(name));
  assert.ok(rootAssets.length > 0);
  for (const name of rootAssets) {
    // immutable is only safe for content-hashed names; a service worker (sw.js) must never get it
    assert.match(name, /[-.][0-9a-f]{16,}\.(js|css)$/, `${name} has no content hash`);
    assert.equal(await cacheControl(`/${name}`), IMMUTABLE, name);
  }
  for (const path of filesUnder(join(publicDir, "static")).slice(0, 20)) {
    assert.equal(await cacheControl(encodeURI(path)), IMMUTABLE, path);
  }
});
