/**
 * `npm start`'s local sinks, started before NetlifyDev so the functions are pointed at them: the mail sink
 * without SENDGRID_API_KEY, the webhook sink with LEAD_WEBHOOK_URL=local. Each writes its URL to
 * `<data dir>/<name>-url` for the tests and commands.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";
import { startMailSink } from "../sinks/mail-sink.mjs";
import { startWebhookSink } from "../sinks/webhook-sink.mjs";

function saveUrl(dataDir, name, url) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, `${name}-url`), `${url}\n`);
}

/** The sink's public API key: nothing secret may be derived from it (tests/security checks it stays out of public/). */
export const LOCAL_KEY = "SG.local-mail-sink";

function mask(address) {
  const [local = "", domain = ""] = String(address).split("@");
  const dot = domain.lastIndexOf(".");
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${dot > 0 ? domain.slice(dot) : ""}`;
}

/** The console line for a recorded message: kind, request id and masked recipient; never the subject, which names the visitor. */
export function sinkLogLine(m) {
  const kind = m.customArgs?.kind ?? "message";
  const suspected = m.subject.startsWith("[Suspected spam]") ? " [Suspected spam]" : "";
  const request = m.customArgs?.requestId ? ` (request ${m.customArgs.requestId})` : "";
  return `[mail-sink] #${m.id} ${kind}${suspected} to ${m.to.map(mask).join(", ")}${request}`;
}

/** Resolves with the mail sink's `{ url, close }`, or null when real SendGrid is configured. */
export async function startLocalMail(root) {
  if (process.env.SENDGRID_API_KEY) {
    console.log(
      process.env.SENDGRID_API_BASE_URL
        ? `E-mail: SendGrid-compatible server at ${process.env.SENDGRID_API_BASE_URL}`
        : "E-mail: sending through SendGrid (SENDGRID_API_KEY is set)",
    );
    return null;
  }
  const dataDir = localDataDir(root);
  const sink = await startMailSink({
    port: Number(process.env.MAIL_SINK_PORT ?? 0),
    apiKey: LOCAL_KEY,
    dir: join(dataDir, "mail"),
    onMessage: (m) => console.log(sinkLogLine(m)),
  });
  process.env.SENDGRID_API_KEY = LOCAL_KEY;
  process.env.SENDGRID_API_BASE_URL = sink.url;
  process.env.SALES_EMAIL ??= "sales@example.com";
  process.env.MAIL_FROM ??= "no-reply@example.com";
  saveUrl(dataDir, "mail-sink", sink.url);
  console.log(`E-mail: local mail sink; read every message at ${sink.url} (also saved in .data/mail/)`);
  return sink;
}

export const LOCAL_WEBHOOK = "local";

/**
 * The webhook sink, only with `LEAD_WEBHOOK_URL=local`; any other URL is never printed: a webhook URL is a
 * credential. Resolves with `{ url, close }` or null; throws when WEBHOOK_SINK_PORT is taken.
 */
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
  saveUrl(dataDir, "webhook-sink", sink.url);
  console.log(
    `Lead webhook: local sink at ${sink.url} (deliveries in .data/webhook/, list at ${sink.origin}/__sink/messages)`,
  );
  return sink;
}
