/**
 * Sending the weekly summary (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md): once
 * per ISO week from the follow-up job, through the week's record; and now for `npm run leads:summary`.
 */
import type { BusinessHours, FollowUpConfig, ServerConfig } from "../../core/config";
import { sendWithRetry, type Mailer } from "../../core/delivery/mailer";
import type { MailMessage } from "../../core/delivery/messages";
import type { RetryOptions, SendResult } from "../../core/delivery/send-result";
import { errorName, logError, logInfo } from "../../kit/log";
import { recordThenSend } from "../../kit/record-then-send";
import { postWeeklySummary } from "../webhook/summary-event";
import { buildSummaryEmail } from "./summary-email";
import {
  buildWeeklySummary,
  dueWeek,
  forgetWeek,
  isWeekKept,
  keepWeek,
  weekOf,
  zoneOf,
  type SummaryInputs,
  type WeeklySummary,
} from "./summary";

export type SummaryJobOptions = Omit<SummaryInputs, "config" | "now"> & {
  mailer: Mailer;
  config: ServerConfig & { followUp: FollowUpConfig };
  // The privacy add-on's `leadsToCsv`, given by the entry point: the privacy add-on imports follow-up.
  leadsCsv: (
    records: WeeklySummary["records"],
    followUps: WeeklySummary["followUps"],
    hours?: BusinessHours,
  ) => string;
  now?: () => Date;
  retry?: RetryOptions;
};

function summaryMessage(summary: WeeklySummary, options: SummaryJobOptions): MailMessage {
  const csv = options.leadsCsv(summary.records, summary.followUps, summary.hours);
  return buildSummaryEmail(summary, options.config, csv);
}

/** Posts the headline figures to the lead webhook, when there is one; never throws. */
async function postSummary(summary: WeeklySummary, options: SummaryJobOptions): Promise<void> {
  const settings = options.config.leadWebhook;
  if (!settings) return;
  const posted = await postWeeklySummary(summary, settings, options.now ?? (() => new Date()), options.retry);
  if (posted.status !== "sent") {
    logError("weekly summary not accepted by the webhook", { week: summary.week, status: posted.code });
  }
}

/** Sends the e-mail, then (unless SendGrid was busy and the week will be tried again) the webhook. */
async function sendSummary(summary: WeeklySummary, options: SummaryJobOptions): Promise<SendResult> {
  const mailed = await sendWithRetry(options.mailer, summaryMessage(summary, options), options.retry);
  const fields = { week: summary.week, leads: summary.records.length };
  if (mailed.status === "sent") logInfo("weekly summary sent", fields);
  else if (mailed.status === "permanent") {
    logError(`WEEKLY SUMMARY: the summary of ${summary.week} was refused and will not be sent`, {
      ...fields,
      status: mailed.code,
      error: mailed.error,
    });
  } else logError("weekly summary not accepted; the next run sends it", { ...fields, status: mailed.code });
  if (mailed.status !== "retryable") await postSummary(summary, options);
  return mailed;
}

export type WeeklyOutcome = "not due" | "sent already" | "sent" | "refused" | "not sent";

/**
 * The Monday summary at `now` if due and not sent: the week's record (one run wins), then e-mail and
 * webhook. @throws when the store fails
 */
export async function runWeeklySummary(options: SummaryJobOptions): Promise<WeeklyOutcome> {
  const at = (options.now ?? (() => new Date()))();
  const week = dueWeek(at, zoneOf(options.config.followUp.businessHours));
  if (!week) return "not due";
  const { blobs } = options;
  if (await isWeekKept(blobs, week)) return "sent already";
  const summary = await buildWeeklySummary({ ...options, week, now: at });
  const leadIds = summary.records.map((lead) => lead.id);
  const result = await recordThenSend({
    record: async () => (await keepWeek(blobs, week, { figures: summary.figures, leadIds }, at)) && summary,
    send: (recorded) => sendSummary(recorded, options),
    undo: () => forgetWeek(blobs, week),
  });
  // The first run, or a week whose record has expired: kept now, so later runs need not read its leads.
  for (const [earlier, kept] of summary.unkept) {
    await keepWeek(blobs, earlier, kept, at).catch((error: unknown) => {
      logError("an earlier week's figures not kept; the next summary reads its leads again", {
        week: earlier,
        reason: errorName(error),
      });
    });
  }
  if (!result) return "sent already";
  return result.status === "sent" ? "sent" : result.status === "permanent" ? "refused" : "not sent";
}

/**
 * `week`'s summary (default: this week so far) for `npm run leads:summary`, sent unless `dryRun`; records
 * nothing. @throws when the store fails
 */
export async function summaryNow(
  options: SummaryJobOptions & { week?: string; dryRun?: boolean },
): Promise<{ summary: WeeklySummary; message: MailMessage; sent?: SendResult }> {
  const at = (options.now ?? (() => new Date()))();
  const week = options.week ?? weekOf(at, zoneOf(options.config.followUp.businessHours));
  const summary = await buildWeeklySummary({ ...options, week, now: at });
  const message = summaryMessage(summary, options);
  if (options.dryRun) return { summary, message };
  return { summary, message, sent: await sendWithRetry(options.mailer, message, options.retry) };
}
