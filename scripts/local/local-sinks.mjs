/** `npm start`'s sinks (docs/decisions/0012-local-server-hardening.md), started before NetlifyDev so the functions use them. */
import { join } from "node:path";
import { createJiti } from "jiti";
import { localDataDir, readLocalFile, writeLocalFile } from "./local-data.mjs";
import { startHubspotSink } from "../sinks/hubspot-sink.mjs";
import { startMailSink } from "../sinks/mail-sink.mjs";
import { startWebhookSink } from "../sinks/webhook-sink.mjs";

/** The sink's public API key: nothing secret may be derived from it (tests/security checks it stays out of public/). */
export const LOCAL_KEY = "SG.local-mail-sink";

/** Resolves with `(message) => line`, a recorded message's console line: recipients masked by the kit's `maskEmail`, never the subject, which names the visitor. */
export async function sinkLogLine(root) {
  const { maskEmail } = await createJiti(root).import(join(root, "netlify/lib/kit/log.ts"));
  return (m) => {
    const kind = m.customArgs?.kind ?? "message";
    const suspected = m.subject.startsWith("[Suspected spam]") ? " [Suspected spam]" : "";
    const request = m.customArgs?.requestId ? ` (request ${m.customArgs.requestId})` : "";
    return `[mail-sink] #${m.id} ${kind}${suspected} to ${m.to.map(maskEmail).join(", ")}${request}`;
  };
}

const MAIL_SETTINGS = ["SENDGRID_API_KEY", "SENDGRID_API_BASE_URL", "SALES_EMAIL", "MAIL_FROM"];

/** The mail settings as they are now; the function returned puts them back. */
export function saveMailSettings() {
  const saved = Object.fromEntries(MAIL_SETTINGS.map((name) => [name, process.env[name]]));
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/** Sets the mail settings for a local sink at `url`; without one (a run that sends nothing), the settings only. */
export function setLocalMailSettings(url) {
  const { env } = process;
  env.SENDGRID_API_KEY = LOCAL_KEY;
  if (url) env.SENDGRID_API_BASE_URL = url;
  env.SALES_EMAIL ??= "sales@example.com";
  env.MAIL_FROM ??= "no-reply@example.com";
}

/** Resolves with `() => { zone, source }`: BUSINESS_HOURS' zone as it is set now, undefined when it names none. */
async function salesTimeZone(root) {
  const businessHours = join(root, "netlify/lib/kit/business-hours.ts");
  const { parseBusinessHours } = await createJiti(root).import(businessHours);
  return () => {
    const zone = parseBusinessHours(process.env.BUSINESS_HOURS ?? "")?.zone;
    return zone && { zone, source: "the sales team's, from BUSINESS_HOURS" };
  };
}

/**
 * Resolves with `start(port)`'s sink on `setting` when set (taken: an error), else on the port of the URL in
 * `<data dir>/<urlFile>` (the last run's) unless it is taken, else on a free one.
 * @template T
 * @param {string} root
 * @param {{ setting: string | undefined, urlFile: string }} where
 * @param {(port: number) => Promise<T>} start
 * @returns {Promise<T>}
 */
async function startOnLastPort(root, { setting, urlFile }, start) {
  if (setting) return start(Number(setting));
  const last = readLocalFile(root, urlFile);
  const lastPort = last && URL.canParse(last) ? Number(new URL(last).port) : 0;
  if (lastPort) {
    try {
      return await start(lastPort);
    } catch (error) {
      if (error?.code !== "EADDRINUSE") throw error;
    }
  }
  return start(0);
}

/**
 * Resolves with the mail sink's `{ url, close }`, or null when real SendGrid is configured. The sink keeps its port
 * and lists the messages kept in `.data/mail/` across restarts; its times are in BUSINESS_HOURS' zone when set.
 */
export async function startLocalMail(root) {
  const { env } = process;
  if (env.SENDGRID_API_KEY) {
    console.log(
      env.SENDGRID_API_BASE_URL
        ? `E-mail: SendGrid-compatible server at ${env.SENDGRID_API_BASE_URL}`
        : "E-mail: sending through SendGrid (SENDGRID_API_KEY is set)",
    );
    return null;
  }
  const [logLine, timeZone] = await Promise.all([sinkLogLine(root), salesTimeZone(root)]);
  const sink = await startOnLastPort(
    root,
    { setting: env.MAIL_SINK_PORT, urlFile: "mail-sink-url" },
    (port) =>
      startMailSink({
        port,
        apiKey: LOCAL_KEY,
        dir: join(localDataDir(root), "mail"),
        onMessage: (m) => console.log(logLine(m)),
        timeZone,
      }),
  );
  setLocalMailSettings(sink.url);
  writeLocalFile(root, "mail-sink-url", sink.url);
  console.log(`E-mail: local mail sink; read every message at ${sink.url} (also saved in .data/mail/)`);
  return sink;
}

/**
 * The webhook sink for `LEAD_WEBHOOK_URL=local` (on the last run's port unless it is taken), else null; any other
 * URL, a credential, is never printed.
 */
export async function startLocalWebhook(root) {
  const { env } = process;
  if (!env.LEAD_WEBHOOK_URL) return null;
  if (env.LEAD_WEBHOOK_URL.trim().toLowerCase() !== "local") {
    console.log(
      `Lead webhook: posting to the configured LEAD_WEBHOOK_URL (${env.LEAD_WEBHOOK_FORMAT ?? "slack"} format)`,
    );
    return null;
  }
  const sink = await startOnLastPort(
    root,
    { setting: env.WEBHOOK_SINK_PORT, urlFile: "webhook-sink-url" },
    (port) =>
      startWebhookSink({
        port,
        dir: join(localDataDir(root), "webhook"),
        onDelivery: (d) =>
          console.log(`[webhook-sink] #${d.id} webhook-id ${d.headers["webhook-id"] ?? "(none)"}`),
      }),
  );
  env.LEAD_WEBHOOK_URL = sink.url;
  writeLocalFile(root, "webhook-sink-url", sink.url);
  console.log(
    `Lead webhook: local sink at ${sink.url} (deliveries in .data/webhook/, list at ${sink.origin}/__sink/messages)`,
  );
  return sink;
}

/**
 * The HubSpot sink for `HUBSPOT_ACCESS_TOKEN=local` (on the last run's port unless it is taken), its owners the
 * SALES_TEAM members as the start finds them, else null; a real token, a credential, is never printed. Points
 * HUBSPOT_API_BASE_URL at the sink, so the functions write to it.
 */
export async function startLocalHubspot(root) {
  const { env } = process;
  if (!env.HUBSPOT_ACCESS_TOKEN) return null;
  if (env.HUBSPOT_ACCESS_TOKEN.trim() !== "local") {
    console.log("HubSpot: writing to the account of the configured HUBSPOT_ACCESS_TOKEN");
    return null;
  }
  const { parseSalesTeam } = await createJiti(root).import(join(root, "netlify/lib/kit/roster.ts"));
  const owners = parseSalesTeam(env.SALES_TEAM ?? "") ?? [];
  const sink = await startOnLastPort(
    root,
    { setting: env.HUBSPOT_SINK_PORT, urlFile: "hubspot-sink-url" },
    (port) => startHubspotSink({ port, owners }),
  );
  env.HUBSPOT_API_BASE_URL = sink.url;
  writeLocalFile(root, "hubspot-sink-url", sink.url);
  console.log(
    `HubSpot: local CRM sink; see its contacts and notes at ${sink.url} (${owners.length} owner${owners.length === 1 ? "" : "s"} from SALES_TEAM; kept until it stops)`,
  );
  return sink;
}
