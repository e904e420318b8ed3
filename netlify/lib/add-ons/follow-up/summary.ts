/**
 * The weekly summary (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md): its figures,
 * e-mailed and posted to the lead webhook once per ISO week from the follow-up job, and e-mailed now for
 * `npm run leads:summary`. A closed week's figures and lead ids are kept in `summaries/<week>` (one run
 * wins), so a run reads only the past week's.
 */
import { DateTime } from "luxon";
import type { BusinessHours, FollowUpConfig, LeadWebhookConfig, ServerConfig } from "../../core/config";
import {
  sendWithRetry,
  type Mailer,
  type MailMessage,
  type RetryOptions,
  type SendResult,
} from "../../core/delivery/mailer";
import type { LeadStore } from "../../core/leads/lead-store";
import { mapInBatches, recordThenSend } from "../../kit/jobs";
import type { JsonBlobs } from "../../kit/json-blobs";
import { errorName, logError, logInfo } from "../../kit/log";
import { keyOf, STORAGE } from "../../kit/storage";
import { formatRequest, postWithRetries } from "../webhook/post-lead-event";
import { slackFieldsMessage } from "../webhook/slack";
import { teamsLinesMessage } from "../webhook/teams";
import { buildSummaryEmail, minutesText, shareText } from "./summary-email";
import { shiftWeek, weekBounds, weekOf, zoneOf } from "./business-hours";
import { claimUrlFor, releaseUrlFor } from "./claim-link";
import { awaitsContact } from "./follow-up-record";
import type { FollowUpStore } from "./follow-up-store";
import { followUpReport, isReported, minutesToClaim, readReportLeads, type ReportLead } from "./report";

const HISTORY_WEEKS = 12;
// A year of weeks, longer than a week's leads are usually kept.
const KEPT_WEEKS = 53;
const SEND_HOUR = 8;

/** The week whose summary is due at `now`: the one just ended, from Monday 08:00 in `zone`; undefined before. */
export function dueWeek(now: Date, zone: string): string | undefined {
  const monday = DateTime.fromJSDate(now, { zone }).startOf("week");
  if (now.getTime() < monday.set({ hour: SEND_HOUR }).toMillis()) return undefined;
  return weekOf(monday.minus({ days: 1 }).toJSDate(), zone);
}

/** `week`'s figures at `now` from the report's own rows, plus the share booked; `items` may span weeks. */
export function weekFigures(
  items: readonly ReportLead[],
  week: string,
  options: { now: Date; hours?: BusinessHours },
) {
  const row = followUpReport(items, options).find((r) => r.period === week);
  return {
    leads: row?.leads ?? 0,
    claimed: row?.claimed ?? 0,
    medianMinutesToClaim: row?.medianMinutesToClaim ?? null,
    p90MinutesToClaim: row?.p90MinutesToClaim ?? null,
    keptWithin24Hours: row?.keptWithin24Hours ?? null,
    booked: row?.booked ?? 0,
    bookedShare: row && row.leads > 0 ? row.booked / row.leads : null,
    bookedByInboxOnly: row?.bookedByInboxOnly ?? 0,
  };
}

/** A week's figures: minutes fractional, shares 0..1 or null when no lead counts. */
export type WeekFigures = ReturnType<typeof weekFigures>;

// Upper bounds in minutes, inclusive.
const CLAIM_BANDS = [
  { label: "within 5 min", max: 5 },
  { label: "5 to 15 min", max: 15 },
  { label: "15 to 60 min", max: 60 },
  { label: "over 60 min", max: Infinity },
] as const;

/** How many of the leads the report counts fall in each time-to-claim band, then `unclaimed` ones. */
export function claimBands(items: readonly ReportLead[], hours?: BusinessHours) {
  const minutes = items.filter((item) => isReported(item)).map((item) => minutesToClaim(item, hours));
  const band = (m: number) => CLAIM_BANDS.findIndex((b) => m <= b.max);
  return [
    ...CLAIM_BANDS.map(({ label }, i) => ({
      label,
      count: minutes.filter((m) => m !== undefined && band(m) === i).length,
    })),
    { label: "unclaimed", count: minutes.filter((m) => m === undefined).length },
  ];
}

type KeptWeek = { figures: WeekFigures; leadIds: string[] };
type WeekRecord = KeptWeek & { at: string; expiresAt: string };

async function readWeekRecords(blobs: JsonBlobs): Promise<Map<string, WeekRecord>> {
  const prefix = STORAGE.summaries.prefix;
  const { results, failed } = await mapInBatches(await blobs.keys(prefix), async (key) => {
    const data = (await blobs.getWithEtag(key))?.data as Partial<WeekRecord> | undefined;
    return [key.slice(prefix.length), data] as const;
  });
  if (failed.length > 0) throw failed[0].error;
  const usable = (data?: Partial<WeekRecord>): data is WeekRecord =>
    Array.isArray(data?.leadIds) && typeof data?.figures?.leads === "number";
  return new Map(results.flatMap(([week, data]) => (usable(data) ? [[week, data] as const] : [])));
}

/** Writes `week`'s record unless one is there; true when this call wrote it (the one run that sends). */
export function keepWeek(blobs: JsonBlobs, week: string, kept: KeptWeek, at: Date): Promise<boolean> {
  const expiresAt = DateTime.fromJSDate(at).plus({ weeks: KEPT_WEEKS }).toJSDate().toISOString();
  const record: WeekRecord = { at: at.toISOString(), expiresAt, ...kept };
  return blobs.setJSON(keyOf("summaries", week), record, { onlyIfNew: true });
}

export type WeeklySummary = Awaited<ReturnType<typeof buildWeeklySummary>>;
export type SummaryLead = WeeklySummary["leads"][number];

export interface SummaryInputs {
  leads: Pick<LeadStore, "ids" | "get">;
  followUps: Pick<FollowUpStore, "get">;
  blobs: JsonBlobs;
  config: Pick<ServerConfig, "siteOrigin" | "formSecret"> & { followUp: FollowUpConfig };
  now: Date;
}

/** `week`'s summary at `now`, reading only the leads no other kept week names. @throws when the store fails */
export async function buildWeeklySummary(inputs: SummaryInputs & { week: string }) {
  const { blobs, config, now, week } = inputs;
  const hours = config.followUp.businessHours;
  const zone = zoneOf(hours);
  const [ids, kept] = await Promise.all([inputs.leads.ids(), readWeekRecords(blobs)]);
  const named = new Set([...kept].flatMap(([w, record]) => (w === week ? [] : record.leadIds)));
  const unread = ids.filter((id) => !named.has(id));
  const items = await readReportLeads({
    leads: { ids: async () => unread, get: (id) => inputs.leads.get(id) },
    followUps: inputs.followUps,
    blobs,
  });
  const byWeek = new Map<string, ReportLead[]>();
  for (const item of items) {
    const w = weekOf(item.lead.receivedAt, zone);
    const group = byWeek.get(w) ?? [];
    group.push(item);
    byWeek.set(w, group);
  }
  const figuresOf = (w: string) =>
    w !== week && kept.has(w) ? kept.get(w)!.figures : weekFigures(byWeek.get(w) ?? [], w, { now, hours });
  const unkept = new Map(
    [...byWeek]
      .filter(([w]) => w < week && !kept.has(w))
      .map(([w, group]) => [w, { figures: figuresOf(w), leadIds: group.map((i) => i.lead.id) }] as const),
  );
  const own = (byWeek.get(week) ?? []).sort((a, b) => a.lead.receivedAt.localeCompare(b.lead.receivedAt));
  const shown = own.map((item) => ({
    ...item,
    minutesToClaim: minutesToClaim(item, hours),
    claimUrl: claimUrlFor(config, item.lead.id),
    releaseUrl: item.lead.state === "spam" ? releaseUrlFor(config, item.lead.id) : undefined,
  }));
  const delivered = shown.filter((item) => item.lead.state !== "spam");
  const open = delivered.filter((item) => awaitsContact(item.followUp));
  const { start, end } = weekBounds(week, zone);
  return {
    week,
    zone,
    hours,
    start,
    end,
    now,
    figures: figuresOf(week),
    weekBefore: figuresOf(shiftWeek(week, -1, zone)),
    history: Array.from({ length: HISTORY_WEEKS }, (_, i) => {
      const w = shiftWeek(week, i - HISTORY_WEEKS + 1, zone);
      return { week: w, figures: figuresOf(w) };
    }),
    bands: claimBands(own, hours),
    leads: [...open, ...delivered.filter((item) => !awaitsContact(item.followUp))],
    held: shown.filter((item) => item.lead.state === "spam"),
    suspectedOpen: open.filter((item) => item.lead.suspectedSpam && item.followUp.state === "new"),
    stillOpen: open.length,
    records: own.map((item) => item.lead),
    followUps: new Map(own.map((item) => [item.lead.id, item.followUp])),
    unkept,
  };
}

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

// The webhook hears of it unless SendGrid was busy and the week will be tried again.
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
  const settings = options.config.leadWebhook;
  if (mailed.status !== "retryable" && settings) {
    const event = summaryEvent(summary);
    const request = (at: Date) => summaryWebhookRequest(event, settings, at);
    const posted = await postWithRetries(settings, request, options.now ?? (() => new Date()), options.retry);
    if (posted.status !== "sent") {
      logError("weekly summary not accepted by the webhook", { week: summary.week, status: posted.code });
    }
  }
  return mailed;
}

/** The Monday summary at `now` if due and not sent: the week's record, then e-mail and webhook. @throws */
export async function runWeeklySummary(options: SummaryJobOptions) {
  const at = (options.now ?? (() => new Date()))();
  const week = dueWeek(at, zoneOf(options.config.followUp.businessHours));
  if (!week) return "not due";
  const { blobs } = options;
  if ((await blobs.getWithEtag(keyOf("summaries", week))) !== null) return "sent already";
  const summary = await buildWeeklySummary({ ...options, week, now: at });
  const leadIds = summary.records.map((lead) => lead.id);
  const result = await recordThenSend({
    record: async () => (await keepWeek(blobs, week, { figures: summary.figures, leadIds }, at)) && summary,
    send: (recorded) => sendSummary(recorded, options),
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
  const week = options.week ?? weekOf(at, zoneOf(options.config.followUp.businessHours));
  const summary = await buildWeeklySummary({ ...options, week, now: at });
  const message = summaryMessage(summary, options);
  if (options.dryRun) return { summary, message };
  return { summary, message, sent: await sendWithRetry(options.mailer, message, options.retry) };
}

/** The summary's event for the lead webhook, no visitor text: start and end ISO 8601 UTC, `complete` false while running. */
export const summaryEvent = (summary: WeeklySummary) => ({
  week: summary.week,
  start: summary.start.toISOString(),
  end: summary.end.toISOString(),
  complete: summary.now >= summary.end,
  figures: summary.figures,
  weekBefore: summary.weekBefore,
  stillOpen: summary.stillOpen,
  heldAsSpam: summary.held.length,
});

export type WeeklySummaryEvent = ReturnType<typeof summaryEvent>;

/** The headline lines, each `[label, this week (week before: ...)]`. */
export function summaryHeadlines(event: WeeklySummaryEvent): [label: string, value: string][] {
  const beside = (label: string, show: (figures: WeekFigures) => string): [string, string] => [
    label,
    `${show(event.figures)} (week before: ${show(event.weekBefore)})`,
  ];
  return [
    beside("Leads received", (f) => String(f.leads)),
    beside("Median time to claim", (f) => minutesText(f.medianMinutesToClaim)),
    beside("24-hour promise kept", (f) => shareText(f.keptWithin24Hours)),
    beside("Booked", (f) => shareText(f.bookedShare)),
    ["Still open", String(event.stillOpen)],
    ["Held as spam", String(event.heldAsSpam)],
  ];
}

const CLOSING = "The full summary, with every lead, went to the sales inbox.";

/** The webhook attempt made at `now` in the configured format; throws only for `standard` without a secret. */
export function summaryWebhookRequest(
  event: WeeklySummaryEvent,
  settings: Pick<LeadWebhookConfig, "format" | "secret">,
  now: Date,
) {
  const title = `Week at a glance ${event.week}${event.complete ? "" : " so far"}`;
  const headlines = summaryHeadlines(event);
  // One id per week, so a receiver drops a repeat.
  return formatRequest(`summary.${event.week}`, settings, now, {
    standard: () => ({ type: "summary.weekly", timestamp: now.toISOString(), data: event }),
    slack: () =>
      slackFieldsMessage(
        `${title}: ${event.figures.leads} leads, ${event.stillOpen} still open`,
        title,
        headlines.map(([label, value]) => ({ label, value })),
        CLOSING,
      ),
    teams: () =>
      teamsLinesMessage(
        title,
        headlines.map(([label, value]) => `${label}: ${value}`),
        CLOSING,
      ),
  });
}
