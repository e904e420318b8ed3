/**
 * The weekly summary's figures (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md,
 * 0048-summary-plugin.md, 0050-company-match.md): a week's figures from the report's rows, its time-to-claim bands,
 * its companies, its leads, and the weeks before. A closed
 * week's figures and lead ids are kept in `summaries/<week>` (one run wins), so a run reads only the past
 * week's.
 */
import { DateTime } from "luxon";
import { z } from "zod";
import { awaitsContact, type FollowUpReader } from "../../core/follow-up-hooks";
import type { LeadStore } from "../../core/leads/lead-store";
import type { BusinessHours } from "../../kit/business-hours";
import { mapInBatches } from "../../kit/jobs";
import { readRecord, type JsonBlobs } from "../../kit/json-blobs";
import { keyOf, STORAGE } from "../../kit/storage";
import { shiftWeek, weekBounds, weekOf, zoneOf } from "../../kit/business-hours";
import { followUpReport, isReported, minutesToClaim, readReportLeads, type ReportLead } from "./report";
import { bySender } from "../../core/spam/sender-floods";
import { companyFigures, type CompaniesOf } from "./company-figures";

const HISTORY_WEEKS = 12;
// A year of weeks, longer than a week's leads are usually kept.
const KEPT_WEEKS = 53;

const count = z.number();
const share = z.number().nullable();
/** A week's figures: minutes fractional, shares 0..1 or null when no lead counts. */
const weekFiguresSchema = z.object({
  leads: count,
  claimed: count,
  medianMinutesToClaim: share,
  p90MinutesToClaim: share,
  keptWithin24Hours: share,
  booked: count,
  bookedShare: share,
  bookedByInboxOnly: count,
});
export type WeekFigures = z.infer<typeof weekFiguresSchema>;

/** A closed week's record in `summaries/<week>`; no visitor data. */
const weekRecordSchema = z.object({
  at: z.string(),
  expiresAt: z.string(),
  figures: weekFiguresSchema,
  leadIds: z.array(z.string()),
});
type WeekRecord = z.infer<typeof weekRecordSchema>;
type KeptWeek = Pick<WeekRecord, "figures" | "leadIds">;

/** `week`'s figures at `now` from the report's own rows, plus the share booked; `items` may span weeks. */
export function weekFigures(
  items: readonly ReportLead[],
  week: string,
  options: { now: Date; hours?: BusinessHours },
): WeekFigures {
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

/** The kept weeks by ISO week; a damaged record is logged and skipped, its week's leads read again. May throw. */
async function readWeekRecords(blobs: JsonBlobs): Promise<Map<string, WeekRecord>> {
  const prefix = STORAGE.summaries.prefix;
  const { results, failed } = await mapInBatches(await blobs.keys(prefix), async (key) => {
    const read = await readRecord(blobs, key, weekRecordSchema);
    return "found" in read ? [[key.slice(prefix.length), read.found] as const] : [];
  });
  if (failed.length > 0) throw failed[0].error;
  return new Map(results.flat());
}

/** Writes `week`'s record unless one is there; true when this call wrote it (the one run that sends). */
export function keepWeek(blobs: JsonBlobs, week: string, kept: KeptWeek, at: Date): Promise<boolean> {
  const expiresAt = DateTime.fromJSDate(at).plus({ weeks: KEPT_WEEKS }).toJSDate().toISOString();
  const record: WeekRecord = { at: at.toISOString(), expiresAt, ...kept };
  return blobs.setJSON(keyOf("summaries", week), record, { onlyIfNew: true });
}

export type WeeklySummary = Awaited<ReturnType<typeof buildWeeklySummary>>;
export type SummaryLead = WeeklySummary["leads"][number];

/** The lead store, follow-up's reader (its facts, links and hours), the lead store's Blobs for `summaries/`, now. */
export interface SummaryInputs {
  leads: Pick<LeadStore, "ids" | "get">;
  followUps: FollowUpReader;
  blobs: JsonBlobs;
  now: Date;
  /** Each lead's company (the core's `leadCompanies`); without it the summary has no company figures. */
  companies?: CompaniesOf;
}

/** `week`'s summary at `now`, reading only the leads no other kept week names. @throws when the store fails */
export async function buildWeeklySummary(inputs: SummaryInputs & { week: string }) {
  const { blobs, followUps, now, week } = inputs;
  const hours = followUps.hours;
  const zone = zoneOf(hours);
  const [ids, kept] = await Promise.all([inputs.leads.ids(), readWeekRecords(blobs)]);
  const named = new Set([...kept].flatMap(([w, record]) => (w === week ? [] : record.leadIds)));
  const unread = ids.filter((id) => !named.has(id));
  const items = await readReportLeads({
    leads: { ids: async () => unread, get: (id) => inputs.leads.get(id) },
    followUps,
  });
  const byWeek = Map.groupBy(items, (item) => weekOf(item.lead.receivedAt, zone));
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
    claimUrl: followUps.claimUrl(item.lead.id, now),
    releaseUrl: item.lead.state === "spam" ? followUps.releaseUrl(item.lead.id) : undefined,
  }));
  const delivered = shown.filter((item) => item.lead.state !== "spam");
  const open = delivered.filter((item) => awaitsContact(item.followUp));
  // Most relevant first, as the e-mail lists them and cuts its attachment: open before the rest, suspected
  // after all others, each oldest first (the sort is stable).
  const rank = (item: (typeof delivered)[number]) =>
    (item.lead.suspectedSpam ? 2 : 0) + (awaitsContact(item.followUp) ? 0 : 1);
  const leads = delivered.toSorted((a, b) => rank(a) - rank(b));
  const heldBySender = bySender(shown.filter((item) => item.lead.state === "spam"));
  const held = [...heldBySender.alone, ...heldBySender.floods.flatMap((flood) => flood.items)];
  const { start, end } = weekBounds(week, zone);
  const companies = await companyFigures(own, start, inputs.companies);
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
    /** New and returning companies and those with more than one request; undefined when nothing knows them. */
    companies,
    leads,
    /** Every held lead, lone ones first, then floods. */
    held,
    heldBySender,
    suspectedOpen: open.filter((item) => item.lead.suspectedSpam && item.followUp.state === "new"),
    stillOpen: open.length,
    /** Every lead of the week, the most relevant first. */
    records: [...leads, ...held].map((item) => item.lead),
    unkept,
  };
}
