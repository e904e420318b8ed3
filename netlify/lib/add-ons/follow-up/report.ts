/**
 * The follow-up report, `npm run leads:report` (docs/requirements.md#follow-up): time to claim and the
 * 24-hour promise, per ISO week, source and e-mail class. A share counts only leads whose window is
 * over or made it in time, so a lead that just arrived is not counted as missed.
 */
import { DateTime } from "luxon";
import { median, quantile } from "simple-statistics";
import type { BusinessHours } from "../../core/config";
import { businessMinutesBetween } from "./business-hours";
import { csvText } from "../../kit/csv";
import { mapInBatches } from "../../kit/in-batches";
import { firstTouchAt, isConfirmedBooking, keptAt, liveBookings, type FollowUp } from "./follow-up-record";
import type { FollowUpStore } from "./follow-up-store";
import type { LeadRecord } from "../../core/leads/lead-record";
import { readLeads } from "../../core/leads/lead-record-schema";
import type { LeadStore } from "../../core/leads/lead-store";
import { EMAIL_CLASSES, type EmailClassName } from "../../core/leads/lead-email-class";
import { classifyEmail } from "../email-class/email-class";

export interface ReportLead {
  lead: LeadRecord;
  followUp: FollowUp;
  /** False for a lead stored before follow-up existed: left out rather than counted as missed. */
  tracked?: boolean;
}

/** One line of the report. Minutes are fractional; shares are 0..1, null when no lead counts. */
export interface ReportRow {
  period: string;
  source: string;
  emailClass: string;
  leads: number;
  claimed: number;
  medianMinutesToClaim: number | null;
  p90MinutesToClaim: number | null;
  claimedWithin15Min: number | null;
  claimedWithin1Hour: number | null;
  keptWithin24Hours: number | null;
  booked: number;
  bookedSameVisit: number | null;
  /** Unconfirmed bookings matched by inbox only (docs/decisions/0032-bookings-by-uid.md), never counted as booked. */
  bookedByInboxOnly: number;
}

/**
 * Every stored lead with its follow-up record; `tracked` holds the ids follow-up knows. A malformed
 * record is logged and left out. @throws when the store fails
 */
export async function readReportLeads(options: {
  leads: Pick<LeadStore, "ids" | "get">;
  followUps: Pick<FollowUpStore, "get">;
  tracked: ReadonlySet<string>;
}): Promise<ReportLead[]> {
  const { leads, followUps, tracked } = options;
  const stored = await readLeads(leads, await leads.ids(), "the report");
  const { results, failed } = await mapInBatches(stored, async (lead) => ({
    lead,
    followUp: await followUps.get(lead.id),
    tracked: tracked.has(lead.id),
  }));
  if (failed.length > 0) throw failed[0].error;
  return results;
}

const MINUTE = 60_000;
const PROMISE_MINUTES = 24 * 60;

/** Where a lead came from: utm_source, else the referrer's host, else "direct". */
export function sourceOf(lead: LeadRecord): string {
  const utm = lead.attribution?.utm_source?.trim();
  if (utm) return utm.toLowerCase();
  const referrer = lead.attribution?.referrer;
  if (referrer) {
    try {
      return new URL(referrer).hostname || "direct";
    } catch {
      return "direct";
    }
  }
  return "direct";
}

function weekOf(lead: LeadRecord, hours?: BusinessHours): string {
  return DateTime.fromISO(lead.receivedAt, { zone: hours?.zone ?? "utc" }).toFormat("kkkk-'W'WW");
}

function share(outcomes: (boolean | null)[]): number | null {
  const decided = outcomes.filter((o): o is boolean => o !== null);
  return decided.length === 0 ? null : decided.filter(Boolean).length / decided.length;
}

function row(
  period: string,
  source: string,
  items: ReportLead[],
  now: Date,
  hours?: BusinessHours,
  emailClass = "all",
): ReportRow {
  const claimMinutes: number[] = [];
  const within = (limit: number) => (item: ReportLead) => {
    const arrived = new Date(item.lead.receivedAt);
    const touched = firstTouchAt(item.followUp);
    if (touched) return businessMinutesBetween(hours, arrived, new Date(touched)) <= limit;
    return businessMinutesBetween(hours, arrived, now) > limit ? false : null;
  };
  for (const item of items) {
    const touched = firstTouchAt(item.followUp);
    if (touched)
      claimMinutes.push(businessMinutesBetween(hours, new Date(item.lead.receivedAt), new Date(touched)));
  }
  const kept = (item: ReportLead) => {
    const arrived = Date.parse(item.lead.receivedAt);
    const at = keptAt(item.followUp);
    if (at) return (Date.parse(at) - arrived) / MINUTE <= PROMISE_MINUTES;
    return (now.getTime() - arrived) / MINUTE > PROMISE_MINUTES ? false : null;
  };
  return {
    period,
    source,
    emailClass,
    leads: items.length,
    claimed: claimMinutes.length,
    medianMinutesToClaim: claimMinutes.length ? median(claimMinutes) : null,
    p90MinutesToClaim: claimMinutes.length ? quantile(claimMinutes, 0.9) : null,
    claimedWithin15Min: share(items.map(within(15))),
    claimedWithin1Hour: share(items.map(within(60))),
    keptWithin24Hours: share(items.map(kept)),
    booked: items.filter((item) => item.followUp.state === "booked").length,
    bookedSameVisit: items.length
      ? items.filter(
          (item) =>
            item.followUp.state === "booked" &&
            liveBookings(item.followUp).some((booking) => booking.via === "reference"),
        ).length / items.length
      : null,
    bookedByInboxOnly: items.filter(
      (item) =>
        item.followUp.state !== "booked" &&
        liveBookings(item.followUp).some((booking) => !isConfirmedBooking(booking)),
    ).length,
  };
}

/** The report at `now`: a row per ISO week, "overall", then per source and per e-mail class. */
export function followUpReport(
  items: readonly ReportLead[],
  options: { now: Date; since?: Date; hours?: BusinessHours },
): ReportRow[] {
  const { now, since, hours } = options;
  const counted = items.filter(
    ({ lead, followUp, tracked }) =>
      tracked !== false &&
      lead.state !== "spam" &&
      followUp.closedReason !== "spam" &&
      (!since || Date.parse(lead.receivedAt) >= since.getTime()),
  );
  const groups = (key: (item: ReportLead) => string) => {
    const map = new Map<string, ReportLead[]>();
    for (const item of counted) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
    return map;
  };
  const weeks = [...groups((item) => weekOf(item.lead, hours))].sort(([a], [b]) => a.localeCompare(b));
  const classOf = (item: ReportLead) =>
    (item.lead.emailClass ?? classifyEmail(item.lead.request.email)).class;
  const classes = [...groups(classOf)].sort(
    ([a], [b]) => EMAIL_CLASSES.indexOf(a as EmailClassName) - EMAIL_CLASSES.indexOf(b as EmailClassName),
  );
  const sources = [...groups((item) => sourceOf(item.lead))].sort(
    ([a, x], [b, y]) => y.length - x.length || a.localeCompare(b),
  );
  return [
    ...weeks.map(([week, group]) => row(week, "all", group, now, hours)),
    row("overall", "all", counted, now, hours),
    ...sources.map(([source, group]) => row("overall", source, group, now, hours)),
    ...classes.map(([cls, group]) => row("overall", "all", group, now, hours, cls)),
  ];
}

const REPORT_COLUMNS = [
  "period",
  "source",
  "emailClass",
  "leads",
  "claimed",
  "medianMinutesToClaim",
  "p90MinutesToClaim",
  "claimedWithin15Min",
  "claimedWithin1Hour",
  "keptWithin24Hours",
  "booked",
  "bookedSameVisit",
  "bookedByInboxOnly",
] as const;

const round = (value: number | null, digits = 2) => (value === null ? "" : Number(value.toFixed(digits)));

/** The report as CSV (RFC 4180, formula-safe: a source is visitor text), shares as fractions. */
export function reportToCsv(rows: readonly ReportRow[]): string {
  return csvText([
    REPORT_COLUMNS,
    ...rows.map((r) =>
      REPORT_COLUMNS.map((column) =>
        typeof r[column] === "number" || r[column] === null ? round(r[column], 4) : r[column],
      ),
    ),
  ]);
}

const percent = (value: number | null) => (value === null ? "-" : `${Math.round(value * 100)}%`);
const minutes = (value: number | null) => (value === null ? "-" : `${Number(value.toFixed(1))} min`);

/** The report as a text table for a terminal; `clock` names how time to claim is counted. */
export function reportToText(rows: readonly ReportRow[], clock: string): string {
  const header = [
    "period",
    "source",
    "e-mail",
    "leads",
    "claimed",
    "median",
    "p90",
    "<=15 min",
    "<=1 h",
    "kept 24 h",
    "booked",
    "same visit",
    "by inbox",
  ];
  const body = rows.map((r) => [
    r.period,
    // A source is visitor text: no control character reaches the terminal.
    r.source.replace(/[\p{Cc}\p{Cf}]/gu, "?"),
    r.emailClass,
    String(r.leads),
    String(r.claimed),
    minutes(r.medianMinutesToClaim),
    minutes(r.p90MinutesToClaim),
    percent(r.claimedWithin15Min),
    percent(r.claimedWithin1Hour),
    percent(r.keptWithin24Hours),
    String(r.booked),
    percent(r.bookedSameVisit),
    String(r.bookedByInboxOnly),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [
    `Time to claim (arrival to first touch) in ${clock}; "kept 24 h": contacted, booked or closed within 24 hours; "by inbox": bookings matched by e-mail address only, not confirmed, counted apart.`,
    line(header),
    ...body.map(line),
  ].join("\n");
}
