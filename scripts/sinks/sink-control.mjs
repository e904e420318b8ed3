/**
 * What the local sinks share: the server, a failure mode, and the control routes and pages. Every path answers only
 * loopback clients naming this machine at the sink's port (docs/decisions/0012-local-server-hardening.md).
 */
import { once } from "node:events";
import { createServer } from "node:http";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { hostRefusal } from "../local/local-guard.mjs";

/** Writes a JSON answer (no body when `body` is undefined). */
export function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

/** A request body as JSON; undefined for an empty body. Throws on invalid JSON. */
export async function readJson(req) {
  const body = await text(req);
  return body === "" ? undefined : JSON.parse(body);
}

const keptFileName = (record) => `${record.receivedAt.replace(/[:.]/g, "-")}-${record.id}.json`;

/**
 * The newest `limit` records kept in `dir` (see `keep`), oldest first and numbered from 1, so that ids stay unique
 * after a restart. A file that is not JSON, or that `isRecord` refuses, is skipped with one line on stderr.
 */
export function readKept(dir, limit, isRecord) {
  let names;
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  // The names start with the time received at fixed width, then the id: numeric order is arrival order.
  names.sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const records = [];
  for (const name of names.slice(-limit)) {
    let record;
    try {
      record = JSON.parse(readFileSync(join(dir, name), "utf8"));
    } catch {
      record = undefined;
    }
    if (isRecord(record)) records.push({ ...record, id: records.length + 1 });
    else console.warn(`Skipped ${join(dir, name)}: not a record this sink wrote`);
  }
  return records;
}

/** True, after answering 403, for a control request a web page sent (it carries an Origin). */
export function refusedControl(req, res) {
  if (req.headers.origin === undefined) return false;
  sendJson(res, 403, { error: "no cross-origin control" });
  return true;
}

/** Answers 200 with a sink's page, `{ body, headers }` (a content type, a policy), never cached or sniffed. */
export function sendPage(res, page) {
  res.writeHead(200, {
    ...page.headers,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
  });
  res.end(page.body);
}

/**
 * Listens on 127.0.0.1 at `port` (rejects with EADDRINUSE when it is taken; 0: a free one) and hands
 * `answer(req, res)` every request whose Host names this machine at that port; the others get the 421. A failing
 * `answer` is a 500 with `errorBody("sink error")`. Resolves with `{ origin, port, close }`.
 */
export async function listenLoopback({ port, errorBody, answer }) {
  const server = createServer((req, res) => {
    // A page on another Host (DNS rebinding) may not post to, read or drive a sink; it listens on loopback only.
    const misdirected = hostRefusal(req);
    if (misdirected) return void res.writeHead(misdirected.status, misdirected.headers).end(misdirected.body);
    answer(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, errorBody("sink error"));
    });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const { port: actualPort } = server.address();
  return {
    origin: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handleControl(req, res, path, { records, mode, setMode }) {
  if (refusedControl(req, res)) return;
  const route = `${req.method} ${path}`;
  if (route === "GET /__sink/messages") return sendJson(res, 200, records);
  if (route === "DELETE /__sink/messages") {
    records.length = 0;
    return sendJson(res, 204);
  }
  if (route === "GET /__sink/mode") return sendJson(res, 200, mode());
  if (route !== "POST /__sink/mode") return sendJson(res, 404, { error: "not found" });
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") return sendJson(res, 415, { error: "mode must be application/json" });
  try {
    setMode(await readJson(req));
  } catch {
    return sendJson(res, 400, { error: "mode must be JSON" });
  }
  sendJson(res, 200, mode());
}

/**
 * Starts a sink on 127.0.0.1 (rejects with EADDRINUSE when `port` is taken) with `kept` as its first records: the
 * control routes, `POST path` to `receive(req, res, { failed, keep })` (`failed(res)` answers the mode's next
 * failure, if any; `keep` records, and writes a file to `dir`), and `view(path, records)`'s answers to a GET:
 * `{ body, headers }` (a content type, a policy), or null for 404.
 */
export async function startSink({
  port,
  path,
  dir,
  kept = [],
  okStatus,
  errorBody,
  notFound,
  receive,
  view,
}) {
  const records = [...kept];
  let mode;
  const setMode = (next) => {
    mode = { status: next?.status ?? okStatus, times: next?.times, retryAfter: next?.retryAfter };
  };
  setMode();
  if (dir) mkdirSync(dir, { recursive: true });
  const recorder = {
    failed(res) {
      if (mode.status === okStatus) return false;
      const { status, retryAfter } = mode;
      if (mode.times !== undefined && --mode.times <= 0) setMode();
      if (status === "hang") return true;
      const headers = retryAfter !== undefined ? { "retry-after": String(retryAfter) } : {};
      sendJson(res, status, errorBody(`Sink told to answer ${status}`), headers);
      return true;
    },
    keep(record) {
      records.push(record);
      if (!dir) return;
      writeFileSync(join(dir, keptFileName(record)), JSON.stringify(record, null, 2));
    },
  };

  async function answer(req, res) {
    const requestPath = new URL(req.url ?? "/", "http://sink").pathname;
    if (requestPath === path && req.method === "POST") return receive(req, res, recorder);
    const isControl = requestPath.startsWith("/__sink/");
    if (isControl) return handleControl(req, res, requestPath, { records, mode: () => mode, setMode });
    const page = req.method === "GET" ? view?.(requestPath, [...records]) : null;
    if (!page) return sendJson(res, 404, errorBody(notFound));
    sendPage(res, page);
  }

  const { origin, port: actualPort, close } = await listenLoopback({ port, errorBody, answer });
  return {
    origin,
    port: actualPort,
    records: () => [...records],
    clear: () => void (records.length = 0),
    setMode,
    close,
  };
}
