/**
 * Local e-mail for `npm start`: without SENDGRID_API_KEY, starts the mail sink and points the functions at it
 * (set before NetlifyDev starts). Resolves with its `{ url, close }`, or null when real SendGrid is configured.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";
import { startMailSink } from "../sinks/mail-sink.mjs";

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
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, "mail-sink-url"), `${sink.url}\n`);
  console.log(
    `E-mail: local mail sink at ${sink.url} (messages in .data/mail/, list at ${sink.url}/__sink/messages)`,
  );
  return sink;
}
