/**
 * The local Blobs server (`BlobsServer` from `@netlify/blobs/server`: the one `@netlify/dev` runs
 * for `npm start`, and the one the tests and the owner's commands start) made to answer as Netlify
 * Blobs does, so that production code needs no special case for it (decision
 * docs/decisions/0004-local-function-runs.md):
 *
 * - a read of a blob carries its ETag, as Netlify's does, so a conditional write
 *   (`onlyIfMatch`) can follow a read. The ETag is taken before the data is read: a write in
 *   between makes the later conditional write fail (412) rather than overwrite unseen data;
 * - a listing never leaves a blob out: the server writes each blob to a temporary file and renames
 *   it, and a listing that met the temporary name while walking the folder stopped early and
 *   answered with the blobs found so far. The walk is run again (up to three times) instead;
 * - a conditional write (`onlyIfNew`, `onlyIfMatch`) is checked and applied in one step, as on
 *   Netlify: the server checked the condition, then awaited the body and the file system, so two
 *   simultaneous `onlyIfNew` writes could both succeed (two claims of one lead both winning,
 *   docs/decisions/0029-lead-follow-up.md). Writes to one key now run one after another.
 *
 * `applyLocalBlobsFixes()` patches the class once per process (later calls do nothing) and returns
 * it. It relies on the server's private `get`, `put`, `parseAPIRequest`, `getLocalPaths`, static `walk` and
 * static `generateETag` (build/INTERNALS.md); tests/unit/local/blobs-server.test.ts fails when an
 * upgrade changes them.
 *
 * @returns {Promise<typeof import("@netlify/blobs/server").BlobsServer>}
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
