/**
 * @jest-environment node
 */
// The weekly summary's figures (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md):
// the figures equal `npm run leads:report`'s for the same week; the time-to-claim bands; a closed week's
// figures and ids kept, so a later run reads only the leads no kept week names.
import { parseBusinessHours, shiftWeek } from "../../../../netlify/lib/kit/business-hours";
import type { FollowUp } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { followUpReader } from "../../../../netlify/lib/add-ons/follow-up/add-on";
import { followUpReport, readReportLeads } from "../../../../netlify/lib/add-ons/summary/report";
import {
  buildWeeklySummary,
  claimBands,
  keepWeek,
  weekFigures,
} from "../../../../netlify/lib/add-ons/summary/summary";
import type { FollowUpConfig } from "../../../../netlify/lib/add-ons/follow-up/settings";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { silenceConsole } from "../../../helpers/console";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const HOUR = 3_600_000;
const MINUTE = 60_000;

let n = 0;
const id = () => `lead-${(n += 1)}`;

/** A lead received at `at`, with a follow-up record `followUp` (a claim after `claimMinutes`). */
function lead(
  at: string,
  options: { claimMinutes?: number; keptHours?: number; lead?: Partial<LeadRecord> } = {},
) {
  const received = new Date(at);
  const record: LeadRecord = { ...newLead(id(), { ...VALID }, received), state: "sent", ...options.lead };
  const followUp: FollowUp =
    options.claimMinutes === undefined
      ? { state: "new" }
      : {
          state: options.keptHours === undefined ? "claimed" : "contacted",
          owner: { name: "Ana Smith" },
          claimedAt: new Date(received.getTime() + options.claimMinutes * MINUTE).toISOString(),
          ...(options.keptHours === undefined
            ? {}
            : { contactedAt: new Date(received.getTime() + options.keptHours * HOUR).toISOString() }),
        };
  return { lead: record, followUp };
}

/** Memory stores holding `items`, each with its follow-up record as stored. */
async function storesWith(items: { lead: LeadRecord; followUp: FollowUp }[]) {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  for (const item of items) {
    await leads.create(item.lead);
    if (item.followUp.state !== "new")
      await followUps.update(item.lead.id, () => ({ ok: true, followUp: item.followUp }));
  }
  return { blobs, followUps, leads };
}

const HOURS = parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth")!;
const config = (followUp: Partial<FollowUpConfig> = {}) => ({
  ...TEST_CONFIG,
  followUp: { ...TEST_CONFIG.followUp, ...followUp },
});

describe("the figures", () => {
  const items = [
    // 2026-W47 (16-22 Nov), the week before.
    lead("2026-11-16T02:00:00Z", { claimMinutes: 30, keptHours: 3 }),
    lead("2026-11-18T03:00:00Z", { claimMinutes: 200 }),
    // 2026-W48 (23-29 Nov).
    lead("2026-11-23T01:00:00Z", { claimMinutes: 3, keptHours: 1 }),
    lead("2026-11-23T02:00:00Z", { claimMinutes: 5, keptHours: 30 }),
    lead("2026-11-24T02:00:00Z", { claimMinutes: 6, keptHours: 2 }),
    lead("2026-11-24T04:00:00Z", { claimMinutes: 15 }),
    lead("2026-11-25T02:00:00Z", { claimMinutes: 30, keptHours: 5 }),
    lead("2026-11-26T02:00:00Z", { claimMinutes: 61 }),
    lead("2026-11-27T02:00:00Z"),
    lead("2026-11-27T03:00:00Z", { lead: { state: "spam", spamReason: "honeypot field filled" } }),
    // 2026-W49, this week so far.
    lead("2026-11-30T02:00:00Z"),
  ];
  const NOW = new Date("2026-11-30T08:00:00Z");

  test("equal leads:report's row for the same week, with and without business hours", async () => {
    for (const hours of [undefined, HOURS]) {
      const { blobs, followUps, leads } = await storesWith(items);
      const summary = await buildWeeklySummary({
        leads,
        followUps: followUpReader(followUps, config({ businessHours: hours })),
        blobs,
        now: NOW,
        week: "2026-W48",
      });
      // As `npm run leads:report` reads and counts every stored lead.
      const all = await readReportLeads({ leads, followUps: followUpReader(followUps, config()) });
      const rows = followUpReport(all, { now: NOW, hours });
      for (const [week, figures] of [
        ["2026-W48", summary.figures],
        ["2026-W47", summary.weekBefore],
      ] as const) {
        const row = rows.find((r) => r.period === week)!;
        expect(figures).toEqual({
          leads: row.leads,
          claimed: row.claimed,
          medianMinutesToClaim: row.medianMinutesToClaim,
          p90MinutesToClaim: row.p90MinutesToClaim,
          keptWithin24Hours: row.keptWithin24Hours,
          booked: row.booked,
          bookedShare: row.booked / row.leads,
          bookedByInboxOnly: row.bookedByInboxOnly,
        });
      }
      expect(summary.figures.leads).toBe(7);
      expect(summary.history.map((h) => h.week)).toEqual(
        Array.from({ length: 12 }, (_, i) => shiftWeek("2026-W48", i - 11, "utc")),
      );
      expect(summary.history.map((h) => h.figures.leads).slice(-3)).toEqual([0, 2, 7]);
    }
  });

  test("the bands: within 5 minutes (inclusive), 5 to 15, 15 to 60, over 60, unclaimed; spam left out", () => {
    const week = items.slice(2, 10);
    expect(claimBands(week)).toEqual([
      { label: "within 5 min", count: 2 },
      { label: "5 to 15 min", count: 2 },
      { label: "15 to 60 min", count: 1 },
      { label: "over 60 min", count: 1 },
      { label: "unclaimed", count: 1 },
    ]);
  });

  test("the week's leads: open first, held ones apart with a release link, the week's count still open", async () => {
    const { blobs, followUps, leads } = await storesWith(items);
    const summary = await buildWeeklySummary({
      leads,
      followUps: followUpReader(followUps, config()),
      blobs,
      now: NOW,
      week: "2026-W48",
    });
    expect(summary.leads.map((item) => item.followUp.state)).toEqual([
      "claimed",
      "claimed",
      "new",
      "contacted",
      "contacted",
      "contacted",
      "contacted",
    ]);
    expect(summary.stillOpen).toBe(3);
    expect(summary.held).toHaveLength(1);
    expect(summary.held[0].releaseUrl).toMatch(
      /^https:\/\/resources\.example\/leads\/lead-\d+\/release\?sig=/,
    );
    expect(summary.leads[0].claimUrl).toMatch(/^https:\/\/resources\.example\/leads\/lead-\d+\?sig=/);
    // The CSV holds every lead of the week, the held one too.
    expect(summary.records).toHaveLength(8);
  });

  test("a closed week's figures and ids are kept: a later run reads only the leads no kept week names", async () => {
    const { blobs, followUps, leads } = await storesWith(items);
    const week48 = await buildWeeklySummary({
      leads,
      followUps: followUpReader(followUps, config()),
      blobs,
      now: NOW,
      week: "2026-W48",
    });
    await keepWeek(
      blobs,
      "2026-W48",
      { figures: week48.figures, leadIds: week48.records.map((r) => r.id) },
      NOW,
    );
    for (const [week, kept] of week48.unkept) await keepWeek(blobs, week, kept, NOW);
    expect([...week48.unkept.keys()]).toEqual(["2026-W47"]);

    const read = jest.spyOn(leads, "get");
    const later = new Date("2026-12-07T08:00:00Z");
    const week49 = await buildWeeklySummary({
      leads,
      followUps: followUpReader(followUps, config()),
      blobs,
      now: later,
      week: "2026-W49",
    });
    expect(read.mock.calls.map(([readId]) => readId)).toEqual([items[10].lead.id]);
    // The week before comes from its kept figures, as they were when it closed.
    expect(week49.weekBefore).toEqual(week48.figures);
    expect(week49.history.slice(-3).map((h) => h.figures.leads)).toEqual([2, 7, 1]);
  });

  test("a damaged kept week is logged and skipped: its leads are read again, its figures never trusted", async () => {
    const { blobs, followUps, leads } = await storesWith(items);
    const leadIds = items.map((item) => item.lead.id);
    await keepWeek(blobs, "2026-W48", { figures: { leads: 99 } as never, leadIds }, NOW);
    const errors = silenceConsole();
    const read = jest.spyOn(leads, "get");
    const week49 = await buildWeeklySummary({
      leads,
      followUps: followUpReader(followUps, config()),
      blobs,
      now: new Date("2026-12-07T08:00:00Z"),
      week: "2026-W49",
    });
    expect(errors.text()).toContain(
      'DAMAGED RECORD: a stored record fails its schema; it is skipped {"key":"summaries/2026-W48"}',
    );
    expect(read).toHaveBeenCalledTimes(items.length);
    expect(week49.weekBefore.leads).toBe(7);
  });

  test("a lead whose follow-up record is damaged is logged and left out of the report, never counted as new", async () => {
    const { blobs, followUps, leads } = await storesWith(items);
    const damaged = items[0].lead.id;
    await blobs.setJSON(`followup/${damaged}`, { state: "claimd" });
    const errors = silenceConsole();
    const rows = await readReportLeads({ leads, followUps: followUpReader(followUps, config()) });
    expect(rows.map((row) => row.lead.id)).not.toContain(damaged);
    expect(rows).toHaveLength(items.length - 1);
    expect(errors.text()).toContain(`{"key":"followup/${damaged}"}`);
  });

  test("a week without leads has figures of none", () => {
    expect(weekFigures([], "2026-W10", { now: NOW })).toEqual({
      leads: 0,
      claimed: 0,
      medianMinutesToClaim: null,
      p90MinutesToClaim: null,
      keptWithin24Hours: null,
      booked: 0,
      bookedShare: null,
      bookedByInboxOnly: 0,
    });
  });
});
