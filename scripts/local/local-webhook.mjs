/**
 * The local lead-webhook receiver for `npm start`, started only when asked for:
 * `LEAD_WEBHOOK_URL=local`. The webhook sink (scripts/sinks/webhook-sink.mjs) then listens on a
 * loopback port (WEBHOOK_SINK_PORT, else a free one) and LEAD_WEBHOOK_URL is rewritten to its
 * endpoint before the site server starts, so the function's deliveries are real HTTP posts that
 * can be read back and made to fail. Any other value is a receiver of one's own (Slack, Teams, a
 * CRM, or a local n8n already listening on 127.0.0.1): it gets the posts and is never printed,
 * since a webhook URL is itself a credential.
 *
 * The endpoint's URL is written to `.data/webhook-sink-url`; deliveries to `.data/webhook/`
 * (LOCAL_DATA_DIR instead of `.data/`, lib/local-data.mjs).
 *
 * @param {string} root absolute project root
 * @returns {Promise<{ url: string, close: () => Promise<void> } | null>} null when nothing was started
 * @throws when WEBHOOK_SINK_PORT is taken
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";
import { startWebhookSink } from "../sinks/webhook-sink.mjs";

/** The LEAD_WEBHOOK_URL value that asks `npm start` for the local sink. */
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
