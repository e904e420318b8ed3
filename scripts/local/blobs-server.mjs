/**
 * The local Blobs server answering as Netlify Blobs does (docs/decisions/0004-local-function-runs.md): a loopback layer
 * before `BlobsServer` with ETags, atomic conditional writes and per-store turns, so no listing meets a half-written blob,
 * and local-guard.mjs's Host check (docs/decisions/0012-local-server-hardening.md).
 */
import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import pLimit from "p-limit";
import { hostRefusal } from "./local-guard.mjs";

const LOOPBACK = "127.0.0.1";
// Hop-by-hop or recomputed headers, not forwarded either way.
const DROPPED = new Set(
  "host connection keep-alive content-length transfer-encoding accept-encoding".split(" "),
);
const CONDITIONS = new Set(["if-match", "if-none-match"]);

const etagOf = (bytes) => `"${createHash("sha256").update(bytes).digest("hex")}"`;

function forwarded(headers, skip = new Set()) {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (!DROPPED.has(name) && !skip.has(name) && value !== undefined) out.set(name, String(value));
  }
  return out;
}

/** Starts the layer behind `token`: `{ port, url, location, context, stop }` (getStore options, Blobs context). */
export async function startBlobsLayer({ directory, token = randomBytes(32).toString("hex") }) {
  // The server has no host option, but Node's listen takes an options object as `port` (build/INTERNALS.md).
  const blobs = new BlobsServer({ directory, token, port: { host: LOOPBACK, port: 0 } });
  const upstream = `http://${LOOPBACK}:${(await blobs.start()).port}`;
  const turns = new Map();
  const inTurn = (store, task) => {
    if (!turns.has(store)) turns.set(store, pLimit(1));
    return turns.get(store)(task);
  };

  async function put(path, req, body) {
    const ifMatch = req.headers["if-match"];
    const ifNoneMatch = req.headers["if-none-match"];
    const headers = forwarded(req.headers, CONDITIONS);
    if (ifMatch || ifNoneMatch) {
      const read = await fetchUpstream(path, { headers });
      if (read.status !== 200 && read.status !== 404) return read;
      const current = read.status === 200 ? etagOf(read.body) : null;
      const refused = ifNoneMatch
        ? current && (ifNoneMatch === "*" || ifNoneMatch === current)
        : ifMatch !== current;
      if (refused) return { status: 412, headers: new Headers(), body: Buffer.alloc(0) };
    }
    const answer = await fetchUpstream(path, { method: "PUT", headers, body });
    if (answer.status === 200) answer.headers.set("etag", etagOf(body));
    return answer;
  }

  async function fetchUpstream(path, init) {
    const response = await fetch(upstream + path, init);
    const headers = forwarded(Object.fromEntries(response.headers));
    return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
  }

  async function answer(req) {
    const url = new URL(req.url ?? "/", upstream);
    const path = url.pathname + url.search;
    const [site, store, ...key] = url.pathname
      .replace(/^\/region:[^/]+/, "")
      .split("/")
      .slice(1);
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : await buffer(req);
    const plain = () => fetchUpstream(path, { method: req.method, headers: forwarded(req.headers), body });
    if (site === "api" || !store) return plain();
    const storeId = `${site}/${store}`;
    if (req.method === "PUT" && key.length) return inTurn(storeId, () => put(path, req, body));
    if (req.method !== "GET" || !key.length) return req.method === "HEAD" ? plain() : inTurn(storeId, plain);
    const read = await fetchUpstream(path, { headers: forwarded(req.headers, CONDITIONS) });
    if (read.status !== 200) return read;
    const etag = etagOf(read.body);
    read.headers.set("etag", etag);
    if (req.headers["if-none-match"] === etag) return { ...read, status: 304, body: Buffer.alloc(0) };
    return read;
  }

  const server = createServer((req, res) => {
    const misdirected = hostRefusal(req);
    if (misdirected) return void res.writeHead(misdirected.status, misdirected.headers).end(misdirected.body);
    answer(req).then(
      ({ status, headers, body }) => res.writeHead(status, Object.fromEntries(headers)).end(body),
      () => res.writeHead(502).end(),
    );
  });
  server.listen(0, LOOPBACK);
  await once(server, "listening");
  const { port } = server.address();
  const url = `http://${LOOPBACK}:${port}`;
  const location = { siteID: "0", token, edgeURL: url, uncachedEdgeURL: url };
  return {
    port,
    url,
    location,
    context: Buffer.from(JSON.stringify({ deployID: "0", ...location })).toString("base64"),
    stop: async () => {
      await new Promise((resolve) => server.close(() => resolve()));
      await blobs.stop();
    },
  };
}

/** The owner's commands' stores: the deployed site's given NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, else local. */
export async function openSiteBlobs(projectRoot) {
  const { NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: token } = process.env;
  if (siteID && token) {
    return {
      open: (name) => getStore({ name, siteID, token }),
      deployed: true,
      where: `the deployed site ${siteID}`,
      close: async () => {},
    };
  }
  const local = await startBlobsLayer({ directory: join(projectRoot, ".netlify", "blobs-serve") });
  return {
    open: (name) => getStore({ name, ...local.location }),
    deployed: false,
    where: "the local store (.netlify/blobs-serve)",
    close: () => local.stop(),
  };
}
