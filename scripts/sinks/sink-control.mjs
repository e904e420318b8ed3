/**
 * What the local sinks share: the server, a failure mode, the loopback-only control routes and pages
 * (docs/decisions/0012-local-server-hardening.md).
 */
import { createServer } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isAllowedHost, misdirectedRequest } from "../local/local-guard.mjs";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** Writes a JSON answer (no body when `body` is undefined). */
export function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

/** Reads a request body as UTF-8 text. */
export async function readText(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads a request body as JSON; undefined for an empty body. Throws on invalid JSON. */
export async function readJson(req) {
  const text = await readText(req);
  return text === "" ? undefined : JSON.parse(text);
}

/** A failure mode: `take()` gives null to succeed, or `{ status, retryAfter }` to fail (counting down `times`). */
function createFailureMode(okStatus) {
  let mode = { status: okStatus, times: undefined, retryAfter: undefined };
  const set = (next) => {
    mode = { status: next?.status ?? okStatus, times: next?.times, retryAfter: next?.retryAfter };
  };
  return {
    get: () => mode,
    set,
    take() {
      if (mode.status === okStatus) return null;
      const current = mode;
      if (current.times !== undefined && --current.times <= 0) set({ status: okStatus });
      return { status: current.status, retryAfter: current.retryAfter };
    },
  };
}

/** Answers a request from another machine, or naming another Host (DNS rebinding), and says whether it did. */
function refusedForeign(req, res) {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? "")) {
    sendJson(res, 403, { error: "loopback only" });
    return true;
  }
  if (!isAllowedHost(req.headers.host, "localhost")) {
    const { status, headers, body } = misdirectedRequest();
    res.writeHead(status, headers);
    res.end(body);
    return true;
  }
  return false;
}

/** Answers a control request at `path` for `sink`. */
async function handleControl(req, res, path, sink) {
  if (refusedForeign(req, res)) return;
  if (req.headers.origin !== undefined) return sendJson(res, 403, { error: "no cross-origin control" });
  if (path === "/__sink/messages" && req.method === "GET") return sendJson(res, 200, sink.list());
  if (path === "/__sink/messages" && req.method === "DELETE") {
    sink.clear();
    return sendJson(res, 204);
  }
  if (path === "/__sink/mode" && req.method === "GET") return sendJson(res, 200, sink.mode.get());
  if (path === "/__sink/mode" && req.method === "POST") {
    const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/json") return sendJson(res, 415, { error: "mode must be application/json" });
    try {
      sink.mode.set(await readJson(req));
    } catch {
      return sendJson(res, 400, { error: "mode must be JSON" });
    }
    return sendJson(res, 200, sink.mode.get());
  }
  return sendJson(res, 404, { error: "not found" });
}

/** Answers a GET of one of `view`'s pages (`view(path, records)`: `{ html, csp }` or null for 404). */
function handleView(req, res, path, view, records, notFound) {
  if (refusedForeign(req, res)) return;
  const page = req.method === "GET" ? view(path, records) : null;
  if (!page) return sendJson(res, 404, notFound);
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": page.csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
  });
  res.end(page.html);
}

/**
 * Starts a sink on `host:port` (0: a free port): the control routes, `POST path` to `receive(req, res, recorder)`,
 * the pages of `view`, anything else 404. `recorder.failed(res)` answers the failure mode's next failure;
 * `recorder.keep(record)` records one (and writes it to `dir`). Resolves with `{ origin, port, records, clear,
 * setMode, close }`; throws when the port is taken.
 */
export async function startSink({ port, host, path, dir, okStatus, errorBody, notFound, receive, view }) {
  const records = [];
  const mode = createFailureMode(okStatus);
  if (dir) mkdirSync(dir, { recursive: true });
  const clear = () => void (records.length = 0);
  const recorder = {
    failed(res) {
      const failure = mode.take();
      if (failure && failure.status !== "hang") {
        const headers = failure.retryAfter !== undefined ? { "retry-after": String(failure.retryAfter) } : {};
        sendJson(res, failure.status, errorBody(`Sink told to answer ${failure.status}`), headers);
      }
      return failure !== null;
    },
    keep(record) {
      records.push(record);
      if (dir) {
        const file = `${record.receivedAt.replace(/[:.]/g, "-")}-${record.id}.json`;
        writeFileSync(join(dir, file), JSON.stringify(record, null, 2));
      }
    },
  };

  const server = createServer((req, res) => {
    const requestPath = new URL(req.url ?? "/", "http://sink").pathname;
    const handler = requestPath.startsWith("/__sink/")
      ? handleControl(req, res, requestPath, { list: () => [...records], clear, mode })
      : requestPath === path && req.method === "POST"
        ? receive(req, res, recorder)
        : view
          ? handleView(req, res, requestPath, view, [...records], errorBody(notFound))
          : sendJson(res, 404, errorBody(notFound));
    Promise.resolve(handler).catch(() => {
      if (!res.headersSent) sendJson(res, 500, errorBody("sink error"));
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const actualPort = server.address().port;
  return {
    origin: `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    records: () => [...records],
    clear,
    setMode: mode.set,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
