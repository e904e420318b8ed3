/**
 * @jest-environment node
 */
// The Monday summary (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md): due from
// Monday 08:00 in the BUSINESS_HOURS zone, sent once per ISO week even when two runs meet, taken back
// for the next run when SendGrid is busy, posted to the webhook as `summary.weekly`; and the owner's
// summary now, which records nothing.
import { parseBusinessHours } from "../../../../netlify/lib/kit/business-hours";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { dueWeek, runWeeklySummary, summaryNow } from "../../../../netlify/lib/add-ons/summary/summary-job";
import { storedLeadsCsv } from "../../../helpers/leads-csv";
import { followUpReader } from "../../../../netlify/lib/add-ons/follow-up/add-on";
import { addOnsFor } from "../../../../netlify/lib/compose";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { keyOf } from "../../../../netlify/lib/kit/storage";
import { startWebhookSink } from "../../../../scripts/sinks/webhook-sink.mjs";
import { silenceConsole } from "../../../helpers/console";
import {
  DOWN,
  NO_WAITS,
  scriptedMailer,
  sentOfKind,
  TEST_CONFIG,
  VALID,
} from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const HOURS = parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth")!;
// Monday 30 November 2026, 08:00 in Perth (UTC+8).
const DUE = new Date("2026-11-30T00:00:00Z");

async function setup(
  mailer = scriptedMailer(),
  config: Partial<typeof TEST_CONFIG> = {},
  now: () => Date = () => DUE,
) {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  await leads.create({
    ...newLead("held", { ...VALID }, new Date("2026-11-25T02:00:00Z"), {
      verdict: { kind: "spam", reason: "honeypot field filled" },
      honeypot: "x",
    }),
  });
  await leads.create({ ...newLead("open", { ...VALID }, new Date("2026-11-24T02:00:00Z")), state: "sent" });
  const jobConfig = {
    ...TEST_CONFIG,
    ...config,
    followUp: { ...TEST_CONFIG.followUp, businessHours: HOURS },
  };
  const options = {
    addOns: await addOnsFor(jobConfig, { companyMatchStores: () => ({ blobs, leads }) }),
    leads,
    followUps: followUpReader(followUps, jobConfig),
    blobs,
    mailer,
    config: jobConfig,
    leadsCsv: (records: readonly LeadRecord[]) => storedLeadsCsv(records, blobs, jobConfig),
    now,
    retry: NO_WAITS,
  };
  return { blobs, leads, mailer, options };
}

test("the summary of the week just ended is due from Monday 08:00 local time, after a clock change too", () => {
  // Monday 30 March 2026 in Berlin is summer time (UTC+2): 08:00 there is 06:00 UTC.
  expect(dueWeek(new Date("2026-03-30T05:59:59Z"), "Europe/Berlin")).toBeUndefined();
  expect(dueWeek(new Date("2026-03-30T06:00:00Z"), "Europe/Berlin")).toBe("2026-W13");
  expect(dueWeek(new Date("2026-04-02T12:00:00Z"), "Europe/Berlin")).toBe("2026-W13");
  // Without BUSINESS_HOURS, UTC; across the year's end.
  expect(dueWeek(new Date("2027-01-04T07:59:00Z"), "utc")).toBeUndefined();
  expect(dueWeek(new Date("2027-01-04T08:00:00Z"), "utc")).toBe("2026-W53");
});

test("not due before Monday 08:00 in the team's zone; due at it, for the week just ended", async () => {
  const { mailer, options, blobs } = await setup();
  const before = new Date(DUE.getTime() - 1);
  expect(await runWeeklySummary({ ...options, now: () => before })).toBe("not due");
  expect(mailer.calls).toBe(0);
  expect(await runWeeklySummary(options)).toBe("sent");
  const [summary] = sentOfKind(mailer, "summary");
  expect(summary.customArgs).toEqual({ kind: "summary", week: "2026-W48" });
  expect(summary.to).toBe(TEST_CONFIG.salesEmail);
  const kept = (await blobs.getWithEtag(keyOf("summaries", "2026-W48")))?.data as Record<string, unknown>;
  expect(kept).toMatchObject({ at: DUE.toISOString(), leadIds: expect.arrayContaining(["held", "open"]) });
  expect(kept.figures).toMatchObject({ leads: 1 });
});

test("exactly one summary a week, even when two runs start at once", async () => {
  const { mailer, options } = await setup();
  const outcomes = await Promise.all([runWeeklySummary(options), runWeeklySummary(options)]);
  expect(outcomes.sort()).toEqual(["sent", "sent already"]);
  expect(await runWeeklySummary({ ...options, now: () => new Date(DUE.getTime() + 3 * 86_400_000) })).toBe(
    "sent already",
  );
  expect(sentOfKind(mailer, "summary")).toHaveLength(1);
});

test("SendGrid busy: the week's record is taken back and the next run sends it", async () => {
  const errors = silenceConsole("error");
  const mailer = scriptedMailer([DOWN, DOWN, DOWN]);
  const { options } = await setup(mailer);
  expect(await runWeeklySummary(options)).toBe("not sent");
  expect(errors.text()).toContain("weekly summary not accepted; the next run sends it");
  expect(await runWeeklySummary(options)).toBe("sent");
  expect(sentOfKind(mailer, "summary")).toHaveLength(1);
});

test("the webhook gets `summary.weekly` with the figures, once the e-mail went out", async () => {
  const sink = await startWebhookSink({ port: 0 });
  try {
    const secret = "whsec_ZTJlLXdlYmhvb2stc2VjcmV0LW9mLXRoaXJ0eS10d28=";
    const leadWebhook = { url: sink.url, format: "standard" as const, secret, timeoutMs: 2000 };
    const { options } = await setup(scriptedMailer(), { leadWebhook });
    expect(await runWeeklySummary(options)).toBe("sent");
    const [delivery] = sink.deliveries();
    expect(delivery.headers["webhook-id"]).toBe("summary.2026-W48");
    const payload = delivery.body as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe("summary.weekly");
    expect(payload.data).toMatchObject({
      week: "2026-W48",
      complete: true,
      figures: { leads: 1, claimed: 0 },
      stillOpen: 1,
      heldAsSpam: 1,
    });
    expect(delivery.raw).not.toContain(VALID.email);
  } finally {
    await sink.close();
  }
});

test("the owner's summary now: this week so far, sent or only built, and nothing recorded", async () => {
  const { mailer, options, blobs } = await setup();
  const dry = await summaryNow({ ...options, dryRun: true });
  expect(dry.sent).toBeUndefined();
  expect(dry.summary.week).toBe("2026-W49");
  expect(dry.message.subject).toBe("Week at a glance, week of Mon 30 Nov so far: 0 leads, 0 still open");
  const sent = await summaryNow({ ...options, week: "2026-W48" });
  expect(sent.sent?.status).toBe("sent");
  expect(sentOfKind(mailer, "summary").map((m) => m.customArgs?.week)).toEqual(["2026-W48"]);
  expect(await blobs.keys("summaries/")).toEqual([]);
});
