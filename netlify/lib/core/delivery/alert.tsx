/**
 * Alerts to ALERT_EMAIL in the one layout (docs/requirements.md#lead-path-and-alerts, docs/decisions/0037-email-layout.md):
 * an undelivered lead, confirmations nearly spent, invalid settings, a malformed stored lead (which cannot hold its own
 * alert, so a `malformed/<id>` note is written `onlyIfNew` first and only its writer sends). No visitor text: it need
 * not be the sales inbox.
 */
import * as React from "react";
import type { ServerConfig } from "../config";
import { postAlertOf, timeZoneOf, type DeliveryContext, type DeliveryNotice } from "../add-on";
import {
  logMalformedLead,
  noteMalformedLead,
  promiseStart,
  type LeadAlert,
  type LeadRecord,
} from "../leads/lead-record";
import type { LeadRecorder } from "../leads/lead-store";
import { EmailLayout, Lines, List, renderEmail, Title } from "../../kit/email-layout";
import { noteOnce, type JsonBlobs } from "../../kit/json-blobs";
import { errorName, logError, logInfo } from "../../kit/log";
import { localTime } from "../../kit/text";
import { keyOf } from "../../kit/storage";
import { sendWithRetry, type MailMessage } from "./mailer";

/** The alert `subject` to ALERT_EMAIL: `title`, then each block (a paragraph, its "\n"s breaking lines, or a list). */
export function alertEmail(
  config: Pick<ServerConfig, "alertEmail" | "mailFrom">,
  alert: {
    subject: string;
    title: string;
    body: readonly (string | { list: readonly string[] })[];
    requestId?: string;
  },
): MailMessage {
  const { html, text } = renderEmail(
    <EmailLayout preview={alert.subject}>
      <Title>{alert.title}</Title>
      {alert.body.map((block, index) =>
        typeof block === "string" ? (
          <Lines key={index} lines={block.split("\n")} />
        ) : (
          <List key={index} items={block.list} />
        ),
      )}
    </EmailLayout>,
  );
  return {
    to: config.alertEmail,
    from: config.mailFrom,
    subject: alert.subject,
    text,
    html,
    customArgs: alert.requestId ? { requestId: alert.requestId, kind: "alert" } : { kind: "alert" },
  };
}

type AlertDeps = Pick<DeliveryContext, "mailer" | "retry"> & {
  config: Pick<ServerConfig, "alertEmail" | "mailFrom">;
};

/** Sends the alert, with `note` only when it wrote its record (a write one run wins), and logs the outcome. Never throws. */
async function alertOnce(
  alert: Parameters<typeof alertEmail>[1] & { what: string; note?: () => Promise<boolean>; notSent: string },
  deps: AlertDeps,
  fields: Parameters<typeof logInfo>[1] = {},
): Promise<void> {
  try {
    if (alert.note && !(await alert.note())) return;
  } catch (error) {
    logError(`${alert.what} not noted; the next run tries again`, { ...fields, reason: errorName(error) });
    return;
  }
  const sent = await sendWithRetry(deps.mailer, alertEmail(deps.config, alert), deps.retry);
  if (sent.status === "sent") logInfo(`${alert.what} sent`, fields);
  else logError(alert.notSent, fields);
}

function alertReason(
  lead: LeadRecord,
  now: Date,
  alertAfterMinutes: number,
): LeadAlert["reason"] | undefined {
  if (lead.alert) return undefined;
  if (lead.state === "failed" || lead.state === "unconfirmed") return lead.state;
  const age = now.getTime() - Date.parse(promiseStart(lead));
  return lead.state === "pending" && age >= alertAfterMinutes * 60_000 ? "overdue" : undefined;
}

/** Sends the lead's due alert, recorded first so no other run sends it (to the log when `sendgridDown`). Never throws. */
export async function alertIfDue(
  recorder: LeadRecorder,
  context: DeliveryContext,
  sendgridDown = false,
): Promise<void> {
  const { config, mailer, retry } = context;
  const at = context.now();
  const reason = alertReason(recorder.lead, at, config.alertAfterMinutes);
  if (!reason || !recorder.store) return;
  const alert: LeadAlert = { reason, at: at.toISOString() };
  recorder.change({ ...recorder.lead, alert });
  if (!(await recorder.save())) return;
  const lead = recorder.lead;
  const why =
    reason === "failed"
      ? "its sales e-mail was refused or given up on and will not be sent again"
      : reason === "unconfirmed"
        ? "a send of its sales e-mail was started but its outcome never recorded; it may have reached the sales inbox, so it is not sent again"
        : `its sales e-mail is still not accepted after ${config.alertAfterMinutes} minutes; the retry job keeps trying`;
  const detail = `Demo request ${lead.id} needs a person: ${why}.`;
  const sales = lead.deliveries.sales;
  const received = localTime(lead.receivedAt, timeZoneOf(context.addOns, config));
  const message = alertEmail(config, {
    subject: `Demo request not delivered (${reason}): ${lead.id}`,
    title: "Demo request not delivered",
    body: [
      detail,
      `Received: ${received}\nSales e-mail: ${sales.state}, ${sales.attempts} send(s), last error: ${sales.lastError ?? "none"}`,
      "The prospect's details are in the stored lead: run `npm run leads:export`, find this request id, check the sales inbox for it, and contact the prospect if it is not there.",
    ],
    requestId: lead.id,
  });
  const toWebhook = postAlertOf(context.addOns, lead, { reason, detail }, context);
  const sent = !sendgridDown && (await sendWithRetry(mailer, message, retry)).status === "sent";
  if (sent) logInfo("lead alert sent", { requestId: lead.id, reason });
  else {
    logError(`LEAD FAILED ${lead.id}: the alert e-mail could not be sent; contact this prospect by hand`, {
      reason,
      state: lead.state,
      lastError: sales.lastError,
    });
  }
  const webhook = await toWebhook;
  const via = sent ? "email" : "log";
  recorder.change({ ...recorder.lead, alert: { ...alert, via, ...(webhook ? { webhook } : {}) } });
  await recorder.save();
}

/** Tells ALERT_EMAIL of `notice`, in its plugin's words (no visitor data). Never throws. */
export async function alertNotice(
  { fields, ...notice }: DeliveryNotice,
  context: Pick<DeliveryContext, "config" | "mailer" | "retry">,
): Promise<void> {
  await alertOnce(notice, context, fields);
}

/** Tells ALERT_EMAIL of `parts` (`name: problem; problem`, no values) once on `now`'s UTC day. Never throws. */
export async function tellInvalidSettings(
  parts: string[],
  deps: AlertDeps & { blobs: JsonBlobs; now: Date },
): Promise<void> {
  if (parts.length === 0) return;
  const key = keyOf("settingsAlerts", deps.now.toISOString().slice(0, 10));
  await alertOnce(
    {
      what: "settings alert",
      note: () => noteOnce(deps.blobs, key, deps.now, 2 * 24 * 3_600_000),
      subject: "Site settings invalid: some parts are off",
      title: "Site settings invalid",
      body: [
        "These parts of the site are off because their settings are invalid; demo requests still reach sales.",
        { list: parts },
        "Mend the variables in Netlify's site settings and deploy again. This alert is sent once a day while they stay invalid.",
      ],
      notSent: "settings alert e-mail not sent; the cold-start log lines are the alert",
    },
    deps,
    { parts: parts.length },
  );
}

/** Logs that `by` skipped lead `id` and, with `alerts`, tells ALERT_EMAIL once. Never throws. */
export async function reportMalformedLead(
  id: string,
  by: string,
  alerts?: AlertDeps & { blobs: JsonBlobs; now?: () => Date },
): Promise<void> {
  logMalformedLead(id, by);
  if (!alerts) return;
  const now = alerts.now ?? (() => new Date());
  await alertOnce(
    {
      what: "malformed lead alert",
      note: () => noteMalformedLead(alerts.blobs, id, now()),
      subject: `Stored demo request unreadable: ${id}`,
      title: "Stored demo request unreadable",
      body: [
        `The stored record of demo request ${id} is not a lead record, so every job skips it: it gets no delivery, reminder or retention, and exports, reports and erasure by address leave it out.`,
        `Inspect it: the key leads/${id} in the site's Netlify Blobs store demo-requests (locally under .netlify/blobs-serve). Put it right there, or erase it with \`npm run leads:erase -- --id ${id}\`.`,
        "This alert is sent once; if the record is still malformed after 30 days, it is sent again.",
      ],
      requestId: id,
      notSent: "malformed lead alert e-mail not sent; this log line is the alert",
    },
    alerts,
    { requestId: id },
  );
}
