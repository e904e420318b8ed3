// The local Blobs server answers as Netlify Blobs does (scripts/local/blobs-server.mjs): a read
// carries the ETag a conditional write accepts, two simultaneous conditional writes of one key let
// exactly one through, and a listing taken while blobs are rewritten lists every blob, nothing else.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { getStore } from "@netlify/blobs";
import { startBlobsLayer } from "../../scripts/local/blobs-server.mjs";

const TOKEN = "layer-test";
let server;
let directory;
let store;

before(async () => {
  directory = mkdtempSync(join(tmpdir(), "local-blobs-"));
  server = await startBlobsLayer({ directory, token: TOKEN });
  store = getStore({
    name: "layer",
    siteID: "site",
    token: TOKEN,
    edgeURL: server.url,
    uncachedEdgeURL: server.url,
    consistency: "strong",
  });
});

after(async () => {
  await server?.stop();
  rmSync(directory, { recursive: true, force: true });
});

test("a read carries the blob's ETag: a conditional write with it succeeds, with a stale one it does not", async () => {
  await store.setJSON("entry", { n: 1 });
  const first = await store.getWithMetadata("entry", { type: "json" });
  assert.ok(first?.etag, "no ETag on a read");
  const second = await store.setJSON("entry", { n: 2 }, { onlyIfMatch: first.etag });
  assert.equal(second.modified, true);
  assert.equal((await store.setJSON("entry", { n: 3 }, { onlyIfMatch: first.etag })).modified, false);
  assert.deepEqual(await store.get("entry", { type: "json" }), { n: 2 });
  assert.equal((await store.getWithMetadata("entry", { type: "json" }))?.etag, second.etag);
});

test("two simultaneous conditional writes of one key: exactly one wins", async () => {
  for (let round = 0; round < 10; round++) {
    const key = `claim/${round}`;
    const news = await Promise.all([1, 2].map((n) => store.setJSON(key, { n }, { onlyIfNew: true })));
    assert.equal(news.filter((result) => result.modified).length, 1, `onlyIfNew, round ${round}`);
    const { etag } = await store.getWithMetadata(key, { type: "json" });
    const matches = await Promise.all([3, 4].map((n) => store.setJSON(key, { n }, { onlyIfMatch: etag })));
    assert.equal(matches.filter((result) => result.modified).length, 1, `onlyIfMatch, round ${round}`);
  }
});

test("a listing taken while blobs are rewritten lists every blob and nothing else", async () => {
  const keys = Array.from({ length: 20 }, (_, i) => `walk/${String(i).padStart(2, "0")}`);
  await Promise.all(keys.map((key) => store.setJSON(key, { v: 0 })));
  const writes = [];
  const listings = [];
  for (let round = 1; round <= 10; round++) {
    writes.push(...keys.map((key) => store.setJSON(key, { v: round, pad: "x".repeat(64 * 1024) })));
    listings.push(store.list({ prefix: "walk/" }));
  }
  await Promise.all(writes);
  for (const { blobs } of await Promise.all(listings)) {
    assert.deepEqual(blobs.map((blob) => blob.key).sort(), keys);
  }
});
