/**
 * The local Blobs server made to answer as Netlify Blobs does (docs/decisions/0004-local-function-runs.md):
 * reads carry ETags, listings never skip a blob mid-rename, and conditional writes are atomic per key.
 * Relies on private methods listed in build/INTERNALS.md; tests/unit/local/blobs-server.test.ts pins them.
 */
import { existsSync } from "node:fs";
import { BlobsServer } from "@netlify/blobs/server";

const PATCHED = Symbol.for("local-blobs-fixes");
const WALK_ATTEMPTS = 3;

function withReadEtag(server) {
  const get = server.prototype.get;
  server.prototype.get = async function getWithEtag(req) {
    const url = this.parseAPIRequest(req)?.url ?? new URL(req.url ?? "", this.address);
    const { dataPath, key } = this.getLocalPaths(url);
    const etag = key && dataPath ? await server.generateETag(dataPath) : "";
    const response = await get.call(this, req);
    if (!etag || response.status !== 200 || response.headers.has("etag")) return response;
    const headers = new Headers(response.headers);
    headers.set("etag", etag);
    return new Response(response.body, { status: response.status, headers });
  };
}

function withCompleteListings(server) {
  const walk = server.walk;
  const walking = new WeakSet();
  server.walk = async function walkToTheEnd(options) {
    // Nested calls (one per sub-folder) belong to the outer walk, which retries as a whole.
    if (walking.has(options.result)) return walk.call(this, options);
    walking.add(options.result);
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await walk.call(this, options);
        } catch (error) {
          const vanished = error?.code === "ENOENT" && existsSync(options.path);
          if (!vanished || attempt === WALK_ATTEMPTS) throw error;
          options.result.blobs?.splice(0);
          options.result.directories?.splice(0);
        }
      }
    } finally {
      walking.delete(options.result);
    }
  };
}

function withAtomicWrites(server) {
  const put = server.prototype.put;
  const queues = new Map();
  server.prototype.put = function putInTurn(req) {
    const url = new URL(req.url ?? "", this.address);
    const { dataPath } = this.parseAPIRequest(req) ? {} : this.getLocalPaths(url);
    if (!dataPath) return put.call(this, req);
    const previous = queues.get(dataPath) ?? Promise.resolve();
    const turn = previous.then(() => put.call(this, req));
    const done = turn.catch(() => undefined);
    queues.set(dataPath, done);
    void done.then(() => {
      if (queues.get(dataPath) === done) queues.delete(dataPath);
    });
    return turn;
  };
}

export function applyLocalBlobsFixes() {
  if (!BlobsServer[PATCHED]) {
    withReadEtag(BlobsServer);
    withCompleteListings(BlobsServer);
    withAtomicWrites(BlobsServer);
    BlobsServer[PATCHED] = true;
  }
  return BlobsServer;
}
