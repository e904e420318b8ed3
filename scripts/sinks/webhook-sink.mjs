/** A local lead-webhook receiver (docs/decisions/0022-lead-webhook-channel.md): records every POST, answers 200, fails on command. */
import { text } from "node:stream/consumers";
import { startSink } from "./sink-control.mjs";

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
export async function startWebhookSink({ port = 0, dir, onDelivery } = {}) {
  const { origin, records, ...sink } = await startSink({
    port,
    path: "/webhook",
    dir,
    okStatus: 200,
    errorBody: (message) => ({ error: message }),
    notFound: "not found",
    receive: async (req, res, { failed, keep }) => {
      const raw = await text(req);
      if (failed(res)) return;
      const record = toRecord(req, raw, records().length + 1);
      keep(record);
      onDelivery?.(record);
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    },
  });
  return { ...sink, url: `${origin}/webhook`, origin, deliveries: records };
}
