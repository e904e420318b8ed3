/**
 * The local lead-webhook receiver for `npm start` (issue 16). Without LEAD_WEBHOOK_URL nothing
 * starts. When it points at a loopback http address (`http://127.0.0.1:<port>/<path>`), the
 * webhook sink (scripts/lib/webhook-sink.mjs) listens there, so the function's deliveries are
 * real HTTP posts that can be read back and made to fail; port 0 picks a free port and
 * LEAD_WEBHOOK_URL is rewritten to it (set before the site server starts, so the function
 * sees it). Any other address (Slack, Teams, a CRM) is left alone and never printed: a
 * webhook URL is itself a credential.
 *
 * The endpoint's URL is written to `.data/webhook-sink-url`; deliveries to `.data/webhook/`
 * (LOCAL_DATA_DIR instead of `.data/`, lib/local-data.mjs).
 *
 * @param {string} root absolute project root
 * @returns {Promise<{ url: string, close: () => Promise<void> } | null>} null when nothing was started
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";
import { startWebhookSink } from "./webhook-sink.mjs";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The loopback address in `value` the sink should listen on, or null for anything else. */
export function localWebhookAddress(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  return {
    host: url.hostname === "[::1]" ? "::1" : url.hostname === "localhost" ? "127.0.0.1" : url.hostname,
    port: Number(url.port || 80),
    path: url.pathname,
  };
}

export async function startLocalWebhook(root) {
  const configured = process.env.LEAD_WEBHOOK_URL;
  if (!configured) return null;
  const address = localWebhookAddress(configured);
  if (!address) {
    console.log(
      `Lead webhook: posting to the configured LEAD_WEBHOOK_URL (${process.env.LEAD_WEBHOOK_FORMAT ?? "slack"})`,
    );
    return null;
  }
  const dataDir = localDataDir(root);
  const sink = await startWebhookSink({
    ...address,
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
