/**
 * Settings that turned an add-on off reach a person (docs/decisions/0034-core-and-add-ons.md): logged at every
 * cold start, e-mailed to ALERT_EMAIL once a UTC day by variable name only.
 */
import escapeHtml from "escape-html";
import { deleteExpired, type JsonBlobs } from "../../kit/json-blobs";
import { keyOf, STORAGE } from "../../kit/storage";
import { errorName, logError, logInfo } from "../../kit/log";
import type { ServerConfig } from "../config";
import { sendWithRetry, type Mailer } from "./mailer";
import type { MailMessage } from "./messages";
import type { RetryOptions } from "./send-result";

const KEPT_MS = 2 * 24 * 3_600_000;

/** The alert listing `parts` (each `name: problem; problem`) to `to`. */
export function buildSettingsAlertEmail(
  parts: string[],
  meta: { to: string; mailFrom: string },
): MailMessage {
  const lines = [
    "These parts of the site are off because their settings are invalid; demo requests still reach sales.",
    "",
    ...parts.map((part) => `- ${part}`),
    "",
    "Mend the variables in Netlify's site settings and deploy again. This alert is sent once a day while they stay invalid.",
  ];
  return {
    to: meta.to,
    from: meta.mailFrom,
    subject: "Site settings invalid: some parts are off",
    text: lines.join("\n"),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
    customArgs: { kind: "alert" },
  };
}

/** Tells ALERT_EMAIL of `parts` once on `now`'s UTC day; nothing when empty. Never throws. */
export async function tellInvalidSettings(
  parts: string[],
  deps: {
    blobs: JsonBlobs;
    mailer: Mailer;
    config: Pick<ServerConfig, "alertEmail" | "mailFrom">;
    now: Date;
    retry?: RetryOptions;
  },
): Promise<void> {
  if (parts.length === 0) return;
  const { now } = deps;
  try {
    const expiresAt = new Date(now.getTime() + KEPT_MS).toISOString();
    const key = keyOf("settingsAlerts", now.toISOString().slice(0, 10));
    if (!(await deps.blobs.setJSON(key, { at: now.toISOString(), expiresAt }, { onlyIfNew: true }))) return;
  } catch (error) {
    logError("settings alert not noted; the next run tries again", {
      reason: errorName(error),
    });
    return;
  }
  const message = buildSettingsAlertEmail(parts, {
    to: deps.config.alertEmail,
    mailFrom: deps.config.mailFrom,
  });
  const sent = await sendWithRetry(deps.mailer, message, deps.retry);
  if (sent.status === "sent") logInfo("settings alert sent", { parts: parts.length });
  else logError("settings alert e-mail not sent; the cold-start log lines are the alert");
}

/** Deletes day notes past their two days; resolves with how many. May throw. */
export function pruneSettingsAlerts(blobs: JsonBlobs, now: Date): Promise<number> {
  return deleteExpired(blobs, STORAGE.settingsAlerts.prefix, now);
}
