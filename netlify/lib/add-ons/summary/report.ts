/**
 * The follow-up report of `npm run leads:report` per ISO week, source and e-mail class
 * (docs/requirements.md#follow-up, #sales-tools), over follow-up's facts read through the core
 * (docs/decisions/0048-summary-plugin.md). A share counts only leads whose window is over or that made it.
 */
import { median, quantile } from "simple-statistics";
import type { BusinessHours } from "../../kit/business-hours";
import {
  businessMinutesBetween,
  minutesToClaim as claimMinutes,
  weekOf,
  zoneOf,
} from "../../kit/business-hours";
import { csvText } from "../../kit/csv";
import { mapInBatches } from "../../kit/jobs";
import { DamagedRecordError } from "../../kit/json-blobs";
import {
  firstTouchAt,
  isConfirmedBooking,
  keptAt,
  type FollowUpFacts,
  type FollowUpReader,
} from "../../core/follow-up-hooks";
import { PROMISE_HOURS, promiseStart, readLeads, type LeadRecord } from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";
import { emailClassOf } from "../../kit/email-lists";
import { EMAIL_CLASSES } from "../../kit/email-class";
import { listed } from "../../core/spam/held-leads";
import { REPEATED_SHOWN, type CompanyFigures } from "./company-figures";

export interface ReportLead {
  lead: LeadRecord;
  followUp: FollowUpFacts;
  /** False for a lead stored before follow-up existed: left out rather than counted as missed. */
  tracked?: boolean;
}

/** Every readable stored lead with readable follow-up facts, whether follow-up tracks it. @throws when the store fails */
export async function readReportLeads(options: {
  leads: Pick<LeadStore, "ids" | "get">;
  followUps: Pick<FollowUpReader, "get" | "tracked">;
}): Promise<ReportLead[]> {
  const { leads, followUps } = options;
  const [ids, tracked] = await Promise.all([leads.ids(), followUps.tracked()]);
  const stored = await readLeads(leads, ids, "the report");
  const { results, failed } = await mapInBatches(stored, async (lead) => ({
    lead,
    followUp: await followUps.get(lead.id),
    tracked: tracked.has(lead.id),
  }));
  // A damaged follow-up record was logged when read; its lead is left out, never counted as new.
  const unreadable = failed.find(({ error }) => !(error instanceof DamagedRecordError));
  if (unreadable) throw unreadable.error;
  return results;
}

/** Where a lead came from: utm_source, else the referrer's host, else "direct". */
export function sourceOf(lead: LeadRecord): string {
  const utm = lead.attribution?.utm_source?.trim();
  return utm ? utm.toLowerCase() : URL.parse(lead.attribution?.referrer ?? "")?.hostname || "direct";
}

// Minutes from arrival or release to `at`: business minutes within `hours`, else calendar minutes.
const minutesFromStart = (item: ReportLead, hours?: BusinessHours) => (at: Date) =>
  businessMinutesBetween(hours, new Date(promiseStart(item.lead)), at);

/** Minutes (fractional) from arrival or release to first touch; undefined before anyone touched it. */
export const minutesToClaim = (item: ReportLead, hours?: BusinessHours): number | undefined =>
  claimMinutes(promiseStart(item.lead), firstTouchAt(item.followUp), hours);

function share(outcomes: (boolean | null)[]): number | null {
  const decided = outcomes.filter((o): o is boolean => o !== null);
  return decided.length === 0 ? null : decided.filter(Boolean).length / decided.length;
}

/** Companies with more than one request as a list shows them, e.g. ["acme.com: 3 requests", "and 2 more"]. */
export function repeatedInWords(repeated: CompanyFigures["repeated"]): string[] {
  const more = repeated.length - REPEATED_SHOWN;
  return [
    ...repeated
      .slice(0, REPEATED_SHOWN)
      .map(({ company, requests }) => `${listed(company)}: ${requests} requests`),
    ...(more > 0 ? [`and ${more} more`] : []),
  ];
}

// Minutes are fractional; shares are 0..1, null when no lead counts. Company figures only on a week's row.
function row(
  period: string,
  source: string,
  items: ReportLead[],
  now: Date,
  hours?: BusinessHours,
  emailClass = "all",
  companies?: CompanyFigures,
) {
  // Met when done within `limit` minutes, missed once `limit` has passed undone, undecided before.
  const outcome = (minutes: (at: Date) => number, done: string | undefined, limit: number) =>
    done ? minutes(new Date(done)) <= limit : minutes(now) > limit ? false : null;
  const claimedWithin = (limit: number) =>
    share(items.map((item) => outcome(minutesFromStart(item, hours), firstTouchAt(item.followUp), limit)));
  const claimMinutes = items.flatMap((item) => minutesToClaim(item, hours) ?? []);
  const booked = items.filter((item) => item.followUp.state === "booked");
  const promise = items.map((item) =>
    outcome(minutesFromStart(item), keptAt(item.followUp), PROMISE_HOURS * 60),
  );
  const closedAs = (reason: string) =>
    items.filter((item) => item.followUp.state === "closed" && item.followUp.closedReason === reason).length;
  return {
    period,
    source,
    emailClass,
    leads: items.length,
    claimed: claimMinutes.length,
    medianMinutesToClaim: claimMinutes.length ? median(claimMinutes) : null,
    p90MinutesToClaim: claimMinutes.length ? quantile(claimMinutes, 0.9) : null,
    claimedWithin15Min: claimedWithin(15),
    claimedWithin1Hour: claimedWithin(60),
    promiseOpen: promise.filter((o) => o === null).length,
    promiseKept: promise.filter((o) => o === true).length,
    promiseMissed: promise.filter((o) => o === false).length,
    keptWithin24Hours: share(promise),
    booked: booked.length,
    bookedSameVisit: items.length
      ? booked.filter((item) => (item.followUp.bookings ?? []).some((b) => b.via === "reference")).length /
        items.length
      : null,
    // Unconfirmed bookings matched by inbox only (docs/decisions/0032-bookings-by-uid.md), never counted as booked.
    bookedByInboxOnly: items.filter(
      (item) =>
        item.followUp.state !== "booked" &&
        (item.followUp.bookings ?? []).some((booking) => !isConfirmedBooking(booking)),
    ).length,
    closedDemoHeld: closedAs("demo held"),
    closedPilotAgreed: closedAs("pilot agreed"),
    closedNotAFit: closedAs("not a fit"),
    closedDuplicate: closedAs("duplicate"),
    newCompanies: companies?.newCompanies ?? null,
    returningCompanies: companies?.returningCompanies ?? null,
    repeatedCompanies: companies ? repeatedInWords(companies.repeated).join("; ") : null,
  };
}

type ReportRow = ReturnType<typeof row>;

/**
 * The report at `now`: a row per ISO week, "overall", then per source and per e-mail class. `companies` holds each
 * week's company figures (`weeklyCompanyFigures`), shown on its row; without them those cells are empty.
 */
export function followUpReport(
  items: readonly ReportLead[],
  options: {
    now: Date;
    since?: Date;
    hours?: BusinessHours;
    companies?: ReadonlyMap<string, CompanyFigures>;
  },
): ReportRow[] {
  const { now, since, hours, companies } = options;
  const counted = items.filter((item) => isReported(item, since));
  const weeks = [...Map.groupBy(counted, (item) => weekOf(item.lead.receivedAt, zoneOf(hours)))].sort(
    ([a], [b]) => a.localeCompare(b),
  );
  const classes = [...Map.groupBy(counted, (item) => emailClassOf(item.lead).class)].sort(
    ([a], [b]) => EMAIL_CLASSES.indexOf(a) - EMAIL_CLASSES.indexOf(b),
  );
  const sources = [...Map.groupBy(counted, (item) => sourceOf(item.lead))].sort(
    ([a, x], [b, y]) => y.length - x.length || a.localeCompare(b),
  );
  return [
    ...weeks.map(([week, group]) => row(week, "all", group, now, hours, "all", companies?.get(week))),
    row("overall", "all", counted, now, hours),
    ...sources.map(([source, group]) => row("overall", source, group, now, hours)),
    ...classes.map(([cls, group]) => row("overall", "all", group, now, hours, cls)),
  ];
}

/** Whether the report counts `item`: followed up, neither held nor closed as spam, arrived since `since`. */
export function isReported({ lead, followUp, tracked }: ReportLead, since?: Date): boolean {
  return (
    tracked !== false &&
    lead.state !== "spam" &&
    followUp.closedReason !== "spam" &&
    (!since || Date.parse(lead.receivedAt) >= since.getTime())
  );
}

type Cell = ReportRow[keyof ReportRow];
type Column = keyof ReportRow;
const PERCENT: readonly Column[] = [
  "claimedWithin15Min",
  "claimedWithin1Hour",
  "keptWithin24Hours",
  "bookedSameVisit",
];

function show(key: Column, value: Cell): string {
  const shown = (format: (n: number) => string) => (typeof value === "number" ? format(value) : "-");
  if (PERCENT.includes(key)) return shown((n) => `${Math.round(n * 100)}%`);
  if (key.endsWith("MinutesToClaim")) return shown((n) => `${Number(n.toFixed(1))} min`);
  // A source is visitor text: no control character reaches the terminal.
  return String(value).replace(/[\p{Cc}\p{Cf}]/gu, "?");
}

// Each column by its CSV name: its heading in the text table and what it counts.
type Columns = Partial<Record<Column, readonly [heading: string, means: string]>>;
const columnsOf = (columns: Columns) =>
  Object.entries(columns) as [Column, readonly [heading: string, means: string]][];

const ROW_LABELS: Columns = {
  period: ["period", 'the ISO week of arrival (in the business-hours zone, else UTC), or "overall"'],
  source: ["source", 'utm_source, else the referrer\'s host, else "direct"; "all" for every source'],
  emailClass: [
    "e-mail",
    'the class of the prospect\'s address (company, free, isp, disposable); "all" for every class',
  ],
};

const SPEED: Columns = {
  leads: ["leads", "demo requests that arrived (honeypot leads and leads closed as spam left out)"],
  claimed: ["claimed", "leads someone took in hand: claimed, or booked or closed before anyone claimed them"],
  medianMinutesToClaim: ["median", "the middle time from arrival to that first touch, in {clock}"],
  p90MinutesToClaim: ["p90", "the time 90 % of those leads were taken in hand within, in {clock}"],
  claimedWithin15Min: [
    "<=15 min",
    "the share taken in hand within 15 minutes, of the leads whose 15 minutes are over or that made it",
  ],
  claimedWithin1Hour: ["<=1 h", "the same within 1 hour"],
  promiseOpen: [
    "open",
    "leads still inside their 24 hours and not yet contacted, booked or closed: neither kept nor missed yet",
  ],
  promiseKept: ["kept", "leads contacted, booked or closed within 24 hours of arrival"],
  promiseMissed: ["missed", "leads whose 24 hours ran out before any of that"],
  keptWithin24Hours: ["kept 24 h", "kept / (kept + missed); open leads count once they are kept or missed"],
};

const OUTCOMES: Columns = {
  booked: ["booked", "leads with a confirmed demo booking now"],
  bookedSameVisit: [
    "same visit",
    "the share of all leads booked through the booking link offered right after the request (on the page or in the confirmation), without waiting for sales",
  ],
  bookedByInboxOnly: [
    "by inbox",
    "leads whose booking was matched by the booker's e-mail address only and is not confirmed; never counted as booked",
  ],
  closedDemoHeld: ["demo held", 'leads closed as "demo held"'],
  closedPilotAgreed: ["pilot agreed", 'leads closed as "pilot agreed"'],
  closedNotAFit: ["not a fit", 'leads closed as "not a fit"'],
  closedDuplicate: ["duplicate", 'leads closed as "duplicate"'],
};

const COMPANIES: Columns = {
  newCompanies: [
    "new companies",
    "companies (the domain of the prospect's e-mail address; free mail and the like belong to none) that had not asked before the week; weeks only",
  ],
  returningCompanies: ["returning", "companies that asked before the week began; weeks only"],
  repeatedCompanies: [
    "more than one request",
    `companies with more than one request that week, most first, at most ${REPEATED_SHOWN}; weeks only`,
  ],
};

const COLUMNS: Columns = { ...ROW_LABELS, ...SPEED, ...OUTCOMES, ...COMPANIES };

/** The report as CSV (RFC 4180, formula-safe: a source is visitor text), shares as fractions. */
export function reportToCsv(rows: readonly ReportRow[]): string {
  const cell = (value: Cell) =>
    typeof value === "string" ? value : value === null ? "" : Number(value.toFixed(4));
  const keys = columnsOf(COLUMNS).map(([key]) => key);
  return csvText([keys, ...rows.map((r) => keys.map((key) => cell(r[key])))]);
}

function table(rows: readonly ReportRow[], columns: Columns): string[] {
  const header = columnsOf(columns).map(([, [heading]]) => heading);
  const body = rows.map((r) => columnsOf(columns).map(([key]) => show(key, r[key])));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(header), ...body.map(line)];
}

// Each week's companies: the counts in a table, then the companies with more than one request, a line each.
function companiesText(rows: readonly ReportRow[]): string[] {
  const weeks = rows.filter((r) => r.newCompanies !== null);
  if (weeks.length === 0) return [];
  const { newCompanies, returningCompanies } = COMPANIES;
  const lists = weeks.flatMap((r) =>
    r.repeatedCompanies
      ? [`  ${r.period}:`, ...r.repeatedCompanies.split("; ").map((line) => `    ${show("source", line)}`)]
      : [],
  );
  return [
    "",
    "Companies",
    ...table(weeks, { period: ROW_LABELS.period, newCompanies, returningCompanies }),
    "",
    lists.length > 0
      ? "Companies with more than one request in a week:"
      : "No company sent more than one request in a week.",
    ...lists,
  ];
}

/** The report's tables and its legend, for a terminal; `clock` is e.g. "calendar minutes". */
export function reportToText(rows: readonly ReportRow[], clock: string): string {
  const companies = companiesText(rows);
  const { newCompanies, returningCompanies } = COMPANIES;
  const explained = {
    ...ROW_LABELS,
    ...SPEED,
    ...OUTCOMES,
    ...(companies.length > 0 ? { newCompanies, returningCompanies } : {}),
  };
  const legend = columnsOf(explained).map(
    ([, [heading, means]]) => `  ${heading}: ${means.replaceAll("{clock}", clock)}`,
  );
  return [
    `Time to claim runs from arrival to the first touch, in ${clock}.`,
    "",
    "Speed and the 24-hour promise",
    ...table(rows, { ...ROW_LABELS, ...SPEED }),
    "",
    "Bookings and outcomes",
    ...table(rows, { ...ROW_LABELS, ...OUTCOMES }),
    ...companies,
    "",
    "Columns:",
    ...legend,
  ].join("\n");
}
