// The local Blobs server answers as Netlify Blobs does (scripts/local/blobs-server.mjs): a read
// carries the ETag a conditional write needs, and a listing that meets a file vanishing mid-walk
// (the server's write-then-rename) still lists every blob. Also guards the server's private
// members the adapter relies on (build/INTERNALS.md).
import assert from "node:assert/strict";
import { promises as fsPromises, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { after, before, test } from "node:test";
import { getStore } from "@netlify/blobs";
import { applyLocalBlobsFixes } from "../../scripts/local/blobs-server.mjs";

const TOKEN = "adapter-test";
let server;
let directory;
let store;

before(async () => {
  const BlobsServer = applyLocalBlobsFixes();
  directory = mkdtempSync(join(tmpdir(), "local-blobs-"));
  server = new BlobsServer({ directory, token: TOKEN });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  store = getStore({
    name: "adapter",
    siteID: "site",
    token: TOKEN,
    edgeURL: url,
    uncachedEdgeURL: url,
    consistency: "strong",
  });
});

after(async () => {
  await server?.stop();
  rmSync(directory, { recursive: true, force: true });
});

test("the private members the adapter relies on are still there", () => {
  const BlobsServer = applyLocalBlobsFixes();
  for (const name of ["get", "parseAPIRequest", "getLocalPaths"])
    assert.equal(typeof BlobsServer.prototype[name], "function", `BlobsServer.prototype.${name}`);
  assert.equal(typeof BlobsServer.walk, "function", "BlobsServer.walk");
  assert.equal(typeof BlobsServer.generateETag, "function", "BlobsServer.generateETag");
});

test("a read carries the blob's ETag: a conditional write with it succeeds, with a stale one it does not", async () => {
  await store.setJSON("entry", { n: 1 });
  const first = await store.getWithMetadata("entry", { type: "json" });
  assert.ok(first?.etag, "no ETag on a read");
  assert.equal((await store.setJSON("entry", { n: 2 }, { onlyIfMatch: first.etag })).modified, true);
  assert.equal((await store.setJSON("entry", { n: 3 }, { onlyIfMatch: first.etag })).modified, false);
  assert.deepEqual(await store.get("entry", { type: "json" }), { n: 2 });
});

test("a listing that meets a file vanishing mid-walk still lists every blob", async () => {
  const keys = Array.from({ length: 6 }, (_, i) => `walk/${i}`);
  for (const key of keys) await store.setJSON(key, {});
  const stat = fsPromises.stat;
  let vanished = 0;
  fsPromises.stat = async (path, ...rest) => {
    if (vanished === 0 && String(path).includes(`${sep}walk${sep}`)) {
      vanished += 1;
      throw Object.assign(new Error(`ENOENT: no such file, stat '${path}'`), { code: "ENOENT" });
    }
    return stat(path, ...rest);
  };
  try {
    const { blobs } = await store.list({ prefix: "walk/" });
    assert.equal(vanished, 1, "the walk never met the vanishing file");
    assert.deepEqual(blobs.map((blob) => blob.key).sort(), keys);
  } finally {
    fsPromises.stat = stat;
  }
});
