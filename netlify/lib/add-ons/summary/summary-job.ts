/**
 * The weekly summary's runs (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md): once per
 * ISO week from the scheduled follow-up function, after follow-up's check (docs/decisions/0048-summary-plugin.md),
 * e-mailed and posted to the lead webhook, and e-mailed now for `npm run leads:summary`.
 */
import { DateTime } from "luxon";
import type { ServerConfig } from "../../core/config";
import {
  sendWithRetry,
  type Mailer,
  type MailMessage,
  type RetryOptions,
  type SendResult,
} from "../../core/delivery/mailer";
import { recordThenSend } from "../../kit/jobs";
import { errorName, logError, logInfo } from "../../kit/log";
import { keyOf } from "../../kit/storage";
import { leadCompaniesOf, postNoticeOf, type AddOn } from "../../core/add-on";
import { type FollowUpRunContext } from "../../core/follow-up-hooks";
import { weekOf, zoneOf } from "../../kit/business-hours";
import { buildWeeklySummary, keepWeek, type SummaryInputs, type WeeklySummary } from "./summary";
import { buildSummaryEmail, CSV_MAX_ROWS } from "./summary-email";
import { summaryEvent, summaryNotice } from "./summary-event";
import type { CompaniesOf } from "./company-figures";

const SEND_HOUR = 8;

/** The week whose summary is due at `now`: the one just ended, from Monday 08:00 in `zone`; undefined before. */
export function dueWeek(now: Date, zone: string): string | undefined {
  const monday = DateTime.fromJSDate(now, { zone }).startOf("week");
  if (now.getTime() < monday.set({ hour: SEND_HOUR }).toMillis()) return undefined;
  return weekOf(monday.minus({ days: 1 }).toJSDate(), zone);
}

type SummaryJobOptions = Omit<SummaryInputs, "now" | "companies"> & {
  /**
   * The add-ons on: the summary also goes to the team's channel through the first that posts notices, and counts
   * companies through the first that knows them.
   */
  addOns?: readonly AddOn[];
  mailer: Mailer;
  config: ServerConfig;
  /** The leads export of `records` (every plugin's columns), given by the entry point; may reject. */
  leadsCsv: FollowUpRunContext["leadsCsv"];
  now?: () => Date;
  retry?: RetryOptions;
};

// Each lead's company through the add-ons on, as the week's leads are judged at `at`.
const companiesOf =
  (options: SummaryJobOptions, at: Date): CompaniesOf =>
  (leads, since) =>
    leadCompaniesOf(options.addOns ?? [], leads, {
      config: options.config,
      now: () => at,
      since: since.toISOString(),
    });

// The attachment is read before the week is recorded: a store that fails then leaves the week to the next run.
async function summaryMessage(summary: WeeklySummary, options: SummaryJobOptions): Promise<MailMessage> {
  const csv = await options.leadsCsv(summary.records.slice(0, CSV_MAX_ROWS));
  return buildSummaryEmail(summary, options.config, () => csv);
}

// The webhook hears of it unless SendGrid was busy and the week will be tried again.
async function sendSummary(
  summary: WeeklySummary,
  message: MailMessage,
  options: SummaryJobOptions,
): Promise<SendResult> {
  const mailed = await sendWithRetry(options.mailer, message, options.retry);
  const fields = { week: summary.week, leads: summary.records.length };
  if (mailed.status === "sent") logInfo("weekly summary sent", fields);
  else if (mailed.status === "permanent") {
    logError(`WEEKLY SUMMARY: the summary of ${summary.week} was refused and will not be sent`, {
      ...fields,
      status: mailed.code,
      error: mailed.error,
    });
  } else logError("weekly summary not accepted; the next run sends it", { ...fields, status: mailed.code });
  if (mailed.status !== "retryable") {
    const now = options.now ?? (() => new Date());
    const context = { config: options.config, retry: options.retry, now };
    const posted = await postNoticeOf(
      options.addOns ?? [],
      summaryNotice(summaryEvent(summary), now()),
      context,
    );
    if (posted && posted.status !== "sent") {
      logError("weekly summary not accepted by the webhook", { week: summary.week, status: posted.code });
    }
  }
  return mailed;
}

/** `week`'s summary as at `at`, with its companies, and its e-mail. @throws */
async function summaryOf(options: SummaryJobOptions, week: string, at: Date) {
  const summary = await buildWeeklySummary({
    ...options,
    week,
    now: at,
    companies: companiesOf(options, at),
  });
  return { summary, message: await summaryMessage(summary, options) };
}

/** The Monday summary at `now` if due and not sent: the week's record, then e-mail and webhook. @throws */
export async function runWeeklySummary(options: SummaryJobOptions) {
  const at = (options.now ?? (() => new Date()))();
  const week = dueWeek(at, zoneOf(options.followUps.hours));
  if (!week) return "not due";
  const { blobs } = options;
  if ((await blobs.getWithEtag(keyOf("summaries", week))) !== null) return "sent already";
  const { summary, message } = await summaryOf(options, week, at);
  const leadIds = summary.records.map((lead) => lead.id);
  const result = await recordThenSend({
    record: async () => (await keepWeek(blobs, week, { figures: summary.figures, leadIds }, at)) && summary,
    send: (recorded) => sendSummary(recorded, message, options),
    undo: () => blobs.delete(keyOf("summaries", week)),
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

/** `week`'s summary (default: this week so far), sent unless `dryRun`; records nothing. @throws */
export async function summaryNow(
  options: SummaryJobOptions & { week?: string; dryRun?: boolean },
): Promise<{ summary: WeeklySummary; message: MailMessage; sent?: SendResult }> {
  const at = (options.now ?? (() => new Date()))();
  const week = options.week ?? weekOf(at, zoneOf(options.followUps.hours));
  const { summary, message } = await summaryOf(options, week, at);
  if (options.dryRun) return { summary, message };
  return { summary, message, sent: await sendWithRetry(options.mailer, message, options.retry) };
}
