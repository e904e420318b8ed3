/**
 * The weekly summary's figures (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md).
 * A closed week's figures and lead ids are kept in `summaries/<week>`, so a run reads only the past week's.
 */
import { DateTime } from "luxon";
import type { BusinessHours, FollowUpConfig, ServerConfig } from "../../core/config";
import { promiseStart, type LeadRecord } from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";
import { mapInBatches } from "../../kit/in-batches";
import type { JsonBlobs } from "../../kit/json-blobs";
import { keyOf, STORAGE } from "../../kit/storage";
import { durationInWords } from "../../kit/text";
import { businessMinutesBetween } from "./business-hours";
import { claimUrlFor } from "./claim-link";
import { awaitsContact, firstTouchAt, type FollowUp } from "./follow-up-record";
import { CLAIMED_PREFIX, FOLLOW_UP_PREFIX, UNCLAIMED_PREFIX, type FollowUpStore } from "./follow-up-store";
import { releaseUrlFor } from "./release-link";
import { followUpReport, isReported, readReportLeads, type ReportLead } from "./report";

const WEEK_FORMAT = "kkkk-'W'WW";
/** Weeks drawn in the charts, the summarised week the last. */
export const HISTORY_WEEKS = 12;
/** How long a week's record is kept: a year of weeks, longer than its leads usually are. */
const KEPT_WEEKS = 53;
/** The summary of a closed week goes out on the first run at or after this hour on Monday. */
const SEND_HOUR = 8;

/** The zone weeks are counted in: BUSINESS_HOURS', else UTC, as the report counts them. */
export const zoneOf = (hours?: BusinessHours) => hours?.zone ?? "utc";

/** The ISO week (e.g. "2026-W53") of `at` in `zone`. */
export function weekOf(at: Date | string, zone: string): string {
  return DateTime.fromJSDate(new Date(at), { zone }).toFormat(WEEK_FORMAT);
}

/** Monday 00:00 of `week` in `zone`; invalid for a week that does not exist (2026-W54). */
function mondayOf(week: string, zone: string): DateTime {
  const [weekYear, weekNumber] = week.split("-W").map(Number);
  return DateTime.fromObject({ weekYear, weekNumber, weekday: 1 }, { zone });
}

/** `text` when it names an existing ISO week as YYYY-Www, else undefined. */
export function parseWeek(text: string): string | undefined {
  return /^\d{4}-W\d{2}$/.test(text) && mondayOf(text, "utc").isValid ? text : undefined;
}

/** The week's first instant and the next week's (exclusive), in `zone`: 167 to 169 hours across a clock change. */
export function weekBounds(week: string, zone: string): { start: Date; end: Date } {
  const monday = mondayOf(week, zone);
  return { start: monday.toJSDate(), end: monday.plus({ weeks: 1 }).toJSDate() };
}

/** The week `by` weeks after `week` (before it when negative). */
export function shiftWeek(week: string, by: number, zone: string): string {
  return mondayOf(week, zone).plus({ weeks: by }).toFormat(WEEK_FORMAT);
}

/** The week whose summary is due at `now`: the one just ended, from Monday 08:00 in `zone`; undefined before. */
export function dueWeek(now: Date, zone: string): string | undefined {
  const monday = DateTime.fromJSDate(now, { zone }).startOf("week");
  if (now.getTime() < monday.set({ hour: SEND_HOUR }).toMillis()) return undefined;
  return monday.minus({ days: 1 }).toFormat(WEEK_FORMAT);
}

/** A week's figures, as `npm run leads:report` gives them: minutes fractional, shares 0..1 or null. */
export interface WeekFigures {
  leads: number;
  claimed: number;
  medianMinutesToClaim: number | null;
  p90MinutesToClaim: number | null;
  keptWithin24Hours: number | null;
  booked: number;
  bookedShare: number | null;
  /** Bookings matched by inbox only, never counted as booked. */
  bookedByInboxOnly: number;
}

/** `week`'s figures at `now` from the report's own rows; `items` may hold other weeks' leads too. */
export function weekFigures(
  items: readonly ReportLead[],
  week: string,
  options: { now: Date; hours?: BusinessHours },
): WeekFigures {
  const row = followUpReport(items, options).find((r) => r.period === week);
  if (!row) {
    const none = { medianMinutesToClaim: null, p90MinutesToClaim: null, keptWithin24Hours: null };
    return { leads: 0, claimed: 0, ...none, booked: 0, bookedShare: null, bookedByInboxOnly: 0 };
  }
  return {
    leads: row.leads,
    claimed: row.claimed,
    medianMinutesToClaim: row.medianMinutesToClaim,
    p90MinutesToClaim: row.p90MinutesToClaim,
    keptWithin24Hours: row.keptWithin24Hours,
    booked: row.booked,
    bookedShare: row.leads > 0 ? row.booked / row.leads : null,
    bookedByInboxOnly: row.bookedByInboxOnly,
  };
}

/** Minutes in words ("under 1 min", "8 min", "1 h 5 min"); `none` without a figure. */
export function minutesText(minutes: number | null | undefined, none = "none yet"): string {
  if (minutes === null || minutes === undefined) return none;
  return minutes < 1 ? "under 1 min" : durationInWords(Math.round(minutes));
}

/** A share as a whole percentage, e.g. 0.905 -> "91%"; "none yet" when no lead counts. */
export function shareText(share: number | null): string {
  return share === null ? "none yet" : `${Math.round(share * 100)}%`;
}

/** Minutes from arrival (or release) to first touch, as the report counts them; undefined before anyone touched it. */
export function minutesToClaim(item: ReportLead, hours?: BusinessHours): number | undefined {
  const touched = firstTouchAt(item.followUp);
  return touched
    ? businessMinutesBetween(hours, new Date(promiseStart(item.lead)), new Date(touched))
    : undefined;
}

/** The time-to-claim bands, upper bounds in minutes (inclusive); a lead nobody touched is `unclaimed`. */
export const CLAIM_BANDS = [
  { label: "within 5 min", max: 5 },
  { label: "5 to 15 min", max: 15 },
  { label: "15 to 60 min", max: 60 },
  { label: "over 60 min", max: Infinity },
] as const;

/** How many of the leads the report counts fall in each band, then `unclaimed`. */
export function claimBands(
  items: readonly ReportLead[],
  hours?: BusinessHours,
): { label: string; count: number }[] {
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

/** What `summaries/<week>` holds. */
export interface WeekRecord {
  at: string;
  expiresAt: string;
  figures: WeekFigures;
  leadIds: string[];
}

/** Every kept week record, by week; a record that is not one is left out. @throws when the store fails */
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
export function keepWeek(
  blobs: JsonBlobs,
  week: string,
  kept: Pick<WeekRecord, "figures" | "leadIds">,
  at: Date,
): Promise<boolean> {
  const expiresAt = DateTime.fromJSDate(at).plus({ weeks: KEPT_WEEKS }).toJSDate().toISOString();
  const record: WeekRecord = { at: at.toISOString(), expiresAt, ...kept };
  return blobs.setJSON(keyOf("summaries", week), record, { onlyIfNew: true });
}

/** Whether `week`'s record is kept (its summary went out). */
export async function isWeekKept(blobs: JsonBlobs, week: string): Promise<boolean> {
  return (await blobs.getWithEtag(keyOf("summaries", week))) !== null;
}

/** Forgets `week`'s record, so a later run sends its summary. */
export const forgetWeek = (blobs: JsonBlobs, week: string) => blobs.delete(keyOf("summaries", week));

/** The ids follow-up knows, as `npm run leads:report` counts them: a record or a marker. */
async function trackedIds(blobs: JsonBlobs): Promise<Set<string>> {
  const tracked = new Set<string>();
  for (const prefix of [FOLLOW_UP_PREFIX, UNCLAIMED_PREFIX, CLAIMED_PREFIX]) {
    for (const key of await blobs.keys(prefix)) tracked.add(key.slice(prefix.length));
  }
  return tracked;
}

export interface SummaryLead extends ReportLead {
  minutesToClaim?: number;
  claimUrl?: string;
  releaseUrl?: string;
}

export interface WeeklySummary {
  week: string;
  zone: string;
  hours?: BusinessHours;
  start: Date;
  end: Date;
  /** When the figures were taken; before `end` for a week still running. */
  now: Date;
  figures: WeekFigures;
  weekBefore: WeekFigures;
  /** The last HISTORY_WEEKS weeks, oldest first, `week` the last. */
  history: { week: string; figures: WeekFigures }[];
  bands: { label: string; count: number }[];
  /** The week's leads but those held as spam: open ones first, each group oldest first. */
  leads: SummaryLead[];
  /** The week's leads held as spam, with their release links. */
  held: SummaryLead[];
  /** The week's suspected leads nobody has touched yet. */
  suspectedOpen: SummaryLead[];
  /** How many of the week's leads are new or claimed, not yet contacted, booked or closed. */
  stillOpen: number;
  /** Every stored lead of the week (held ones too) and its follow-up record, for the CSV. */
  records: LeadRecord[];
  followUps: Map<string, FollowUp>;
  /** The figures and ids of the weeks read but not kept, older than `week`, to keep when it closes. */
  unkept: Map<string, Pick<WeekRecord, "figures" | "leadIds">>;
}

export interface SummaryInputs {
  leads: Pick<LeadStore, "ids" | "get">;
  followUps: Pick<FollowUpStore, "get">;
  /** The lead store as JsonBlobs: the week records and follow-up keys. */
  blobs: JsonBlobs;
  config: Pick<ServerConfig, "siteOrigin" | "formSecret"> & { followUp: FollowUpConfig };
  now: Date;
}

/**
 * `week`'s summary at `now`. Reads every lead no kept week names other than `week` itself, so a
 * kept week's leads are read again only when it is the one summarised. @throws when the store fails
 */
export async function buildWeeklySummary(inputs: SummaryInputs & { week: string }): Promise<WeeklySummary> {
  const { blobs, config, now, week } = inputs;
  const hours = config.followUp.businessHours;
  const zone = zoneOf(hours);
  const [ids, kept, tracked] = await Promise.all([
    inputs.leads.ids(),
    readWeekRecords(blobs),
    trackedIds(blobs),
  ]);
  const named = new Set([...kept].flatMap(([w, record]) => (w === week ? [] : record.leadIds)));
  const unread = ids.filter((id) => !named.has(id));
  const items = await readReportLeads({
    leads: { ids: async () => unread, get: (id) => inputs.leads.get(id) },
    followUps: inputs.followUps,
    tracked,
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
  const shown = own.map((item): SummaryLead => ({
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
