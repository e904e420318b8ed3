/**
 * Local e-mail for `npm start` (docs/requirements.md#the-demo-request-end-to-end): when SENDGRID_API_KEY is
 * unset, starts the mail sink in this process and points the function at it through environment variables,
 * which must be set before NetlifyDev starts so the function sees them.
 *
 * Sink port: MAIL_SINK_PORT if set, else a free loopback port. Its URL is written to
 * `.data/mail-sink-url`; messages go to `.data/mail/<timestamp>-<n>.json` (LOCAL_DATA_DIR
 * instead of `.data/`, lib/local-data.mjs).
 *
 * @param {string} root absolute project root
 * @returns {Promise<{ url: string, close: () => Promise<void> } | null>} null when real SendGrid is configured
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";
import { startMailSink } from "../sinks/mail-sink.mjs";

/**
 * The API key the local sink accepts (not a secret; tests/security checks it never reaches public/).
 * Being public, nothing secret may be derived from it: the local form secret is a random one of its
 * own (lib/local-form-secret.mjs).
 */
export const LOCAL_KEY = "SG.local-mail-sink";

/** An address as logs may show it, e.g. `jane@acme.example` -> `j***@a***.example`. */
function mask(address) {
  const [local = "", domain = ""] = String(address).split("@");
  const dot = domain.lastIndexOf(".");
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${dot > 0 ? domain.slice(dot) : ""}`;
}

/**
 * The console line for one recorded message: its kind and request id (customArgs), whether it is
 * suspected spam, and the masked recipient. Never the subject: a sales subject holds the
 * visitor's name and company, which logs must not (team standard: no personal data in logs).
 * @param {{ id: number, to: string[], subject: string, customArgs?: Record<string, string> }} m
 */
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
