/**
 * A malformed stored lead reaches a person (docs/requirements.md#lead-path-and-alerts): the record cannot hold
 * its own alert, so a `malformed/<id>` note is written `onlyIfNew` first and only its writer e-mails ALERT_EMAIL.
 */
import escapeHtml from "escape-html";
import type { ServerConfig } from "../config";
import type { JsonBlobs } from "../../kit/json-blobs";
import { logMalformedLead, noteMalformedLead } from "../leads/lead-record-schema";
import { errorName, logError, logInfo } from "../../kit/log";
import { recordThenSend } from "../../kit/record-then-send";
import { sendWithRetry, type Mailer } from "./mailer";
import type { MailMessage } from "./messages";
import type { RetryOptions } from "./send-result";

export interface MalformedLeadAlerts {
  blobs: JsonBlobs;
  mailer: Mailer;
  config: Pick<ServerConfig, "alertEmail" | "mailFrom">;
  retry?: RetryOptions;
  now?: () => Date;
}

/** The alert e-mail about lead `id` to `to`. */
export function buildMalformedLeadEmail(id: string, meta: { to: string; mailFrom: string }): MailMessage {
  const lines = [
    `The stored record of demo request ${id} is not a lead record, so every job skips it: it gets no`,
    "delivery, reminder or retention, and exports, reports and erasure by address leave it out.",
    "",
    `Inspect it: the key leads/${id} in the site's Netlify Blobs store demo-requests (locally under`,
    ".netlify/blobs-serve). Put it right there, or erase it with",
    `\`npm run leads:erase -- --id ${id}\`.`,
    "",
    "This alert is sent once; if the record is still malformed after 30 days, it is sent again.",
  ];
  return {
    to: meta.to,
    from: meta.mailFrom,
    subject: `Stored demo request unreadable: ${id}`,
    text: lines.join("\n"),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
    customArgs: { requestId: id, kind: "alert" },
  };
}

/** Logs that `by` skipped lead `id` and, with `alerts`, tells ALERT_EMAIL once. Never throws. */
export async function reportMalformedLead(
  id: string,
  by: string,
  alerts?: MalformedLeadAlerts,
): Promise<void> {
  logMalformedLead(id, by);
  if (!alerts) return;
  const now = alerts.now ?? (() => new Date());
  const sent = await recordThenSend({
    record: async () => {
      try {
        return await noteMalformedLead(alerts.blobs, id, now());
      } catch (error) {
        logError("malformed lead alert not noted; the next run tries again", {
          requestId: id,
          reason: errorName(error),
        });
        return false;
      }
    },
    send: () => {
      const message = buildMalformedLeadEmail(id, {
        to: alerts.config.alertEmail,
        mailFrom: alerts.config.mailFrom,
      });
      return sendWithRetry(alerts.mailer, message, alerts.retry);
    },
  });
  if (!sent) return;
  if (sent.status === "sent") logInfo("malformed lead alert sent", { requestId: id });
  else logError("malformed lead alert e-mail not sent; this log line is the alert", { requestId: id });
}
