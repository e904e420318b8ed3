/**
 * A local lead-webhook receiver (docs/decisions/0022-lead-webhook-channel.md): records every POST, answers 200,
 * and fails on command through scripts/sinks/sink-control.mjs.
 */
import { createServer } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createFailureMode, handleControl, readText, sendJson } from "./sink-control.mjs";

const KEPT_HEADERS = ["content-type", "webhook-id", "webhook-timestamp", "webhook-signature"];

function toRecord(req, raw, n) {
  const headers = {};
  for (const name of KEPT_HEADERS) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
  let body;
  try {
    body = JSON.parse(raw);
  } catch {
    body = raw;
  }
  return { id: n, receivedAt: new Date().toISOString(), headers, body, raw };
}

/** Starts the sink; `url` is the endpoint's full URL, what LEAD_WEBHOOK_URL holds. */
export async function startWebhookSink({
  port = 0,
  host = "127.0.0.1",
  path = "/webhook",
  dir,
  onDelivery,
} = {}) {
  const deliveries = [];
  const mode = createFailureMode(200);
  if (dir) mkdirSync(dir, { recursive: true });

  async function receive(req, res) {
    const raw = await readText(req);
    const failure = mode.take();
    if (failure) {
      if (failure.status === "hang") return; // never answers; closed by close()
      const headers = failure.retryAfter !== undefined ? { "retry-after": String(failure.retryAfter) } : {};
      return sendJson(res, failure.status, { error: `Sink told to answer ${failure.status}` }, headers);
    }
    const record = toRecord(req, raw, deliveries.length + 1);
    deliveries.push(record);
    if (dir) {
      const file = `${record.receivedAt.replace(/[:.]/g, "-")}-${record.id}.json`;
      writeFileSync(join(dir, file), JSON.stringify(record, null, 2));
    }
    onDelivery?.(record);
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  }

  const server = createServer((req, res) => {
    const requestPath = new URL(req.url ?? "/", "http://sink").pathname;
    const handler = requestPath.startsWith("/__sink/")
      ? handleControl(req, res, requestPath, {
          list: () => [...deliveries],
          clear: () => void (deliveries.length = 0),
          mode,
        })
      : requestPath === path && req.method === "POST"
        ? receive(req, res)
        : sendJson(res, 404, { error: "not found" });
    Promise.resolve(handler).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: "sink error" });
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const actualPort = server.address().port;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;
  return {
    url: `${origin}${path}`,
    origin,
    port: actualPort,
    deliveries: () => [...deliveries],
    clear: () => void (deliveries.length = 0),
    setMode: mode.set,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
