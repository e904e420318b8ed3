/**
 * The local webhook sink for `npm start`, only with `LEAD_WEBHOOK_URL=local`. Any other URL is never printed:
 * a webhook URL is a credential. Resolves with `{ url, close }` or null; throws when WEBHOOK_SINK_PORT is taken.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";
import { startWebhookSink } from "../sinks/webhook-sink.mjs";

export const LOCAL_WEBHOOK = "local";

export async function startLocalWebhook(root) {
  const configured = process.env.LEAD_WEBHOOK_URL;
  if (!configured) return null;
  if (configured.trim().toLowerCase() !== LOCAL_WEBHOOK) {
    console.log(
      `Lead webhook: posting to the configured LEAD_WEBHOOK_URL (${process.env.LEAD_WEBHOOK_FORMAT ?? "slack"} format)`,
    );
    return null;
  }
  const dataDir = localDataDir(root);
  const sink = await startWebhookSink({
    port: Number(process.env.WEBHOOK_SINK_PORT ?? 0),
    dir: join(dataDir, "webhook"),
    onDelivery: (d) =>
      console.log(`[webhook-sink] #${d.id} webhook-id ${d.headers["webhook-id"] ?? "(none)"}`),
  });
  process.env.LEAD_WEBHOOK_URL = sink.url;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, "webhook-sink-url"), `${sink.url}\n`);
  console.log(
    `Lead webhook: local sink at ${sink.url} (deliveries in .data/webhook/, list at ${sink.origin}/__sink/messages)`,
  );
  return sink;
}
