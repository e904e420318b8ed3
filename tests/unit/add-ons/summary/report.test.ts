/**
 * @jest-environment node
 */
// `npm run leads:report` (docs/requirements.md#follow-up): time to claim (median, 90th percentile),
// the shares claimed within 15 minutes and 1 hour and kept within 24 hours, per week, overall and
// per source; honeypot leads and leads closed as spam left out; undecided leads not counted as missed. A
// reopened lead counts as its record stands, its undone close ignored (docs/decisions/0041-reopening-a-lead.md).
import { parseBusinessHours } from "../../../../netlify/lib/kit/business-hours";
import {
  followUpReport,
  readReportLeads,
  reportToCsv,
  reportToText,
  sourceOf,
} from "../../../../netlify/lib/add-ons/summary/report";
import { REPEATED_SHOWN } from "../../../../netlify/lib/add-ons/summary/company-figures";
import { silenceConsole } from "../../../helpers/console";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { followUpFacts, followUpReader } from "../../../../netlify/lib/add-ons/follow-up/add-on";
import {
  applyAction,
  type CloseReason,
  type FollowUp,
  type FollowUpAction,
} from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { leadRecord, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const MINUTE = 60_000;
const NOW = new Date("2026-11-30T12:00:00.000Z");
let n = 0;

/** A lead received at `at`, claimed after `claimMinutes` (undefined: never), kept after `keptHours`. */
function item(
  at: string,
  claimMinutes: number | undefined,
  options: {
    keptHours?: number;
    source?: string;
    referrer?: string;
    followUp?: Partial<FollowUp>;
    lead?: Partial<LeadRecord>;
  } = {},
) {
  const received = new Date(at);
  const attribution = options.source
    ? { utm_source: options.source }
    : options.referrer
      ? { referrer: options.referrer }
      : undefined;
  const lead = {
    ...newLead(`lead-${(n += 1)}`, { ...VALID }, received, { attribution }),
    state: "sent" as const,
    ...options.lead,
  };
  const followUp: FollowUp =
    claimMinutes === undefined
      ? { state: "new" }
      : {
          state: options.keptHours === undefined ? "claimed" : "contacted",
          owner: { name: "Ana Smith" },
          claimedAt: new Date(received.getTime() + claimMinutes * MINUTE).toISOString(),
          ...(options.keptHours === undefined
            ? {}
            : { contactedAt: new Date(received.getTime() + options.keptHours * 60 * MINUTE).toISOString() }),
        };
  // As follow-up's reader gives it.
  return { lead: lead, followUp: followUpFacts({ ...followUp, ...options.followUp }) };
}

test("the median and 90th percentile of time to claim, and the shares within 15 minutes and 1 hour", () => {
  // Ten leads claimed after 1..10 minutes, and five after 20, 40, 70, 120 and 600 minutes.
  const claims = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 40, 70, 120, 600];
  const items = claims.map((minutes, i) =>
    item(`2026-11-24T0${i % 9}:00:00.000Z`, minutes, { keptHours: 2 }),
  );
  const [overall] = followUpReport(items, { now: NOW }).filter((row) => row.period === "overall");
  // The 90th percentile as a spreadsheet's PERCENTILE.INC gives it: between the 13th (70) and 14th (120).
  expect(overall.p90MinutesToClaim).toBeCloseTo(100, 9);
  expect(overall).toEqual({
    period: "overall",
    source: "all",
    emailClass: "all",
    leads: 15,
    claimed: 15,
    medianMinutesToClaim: 8,
    p90MinutesToClaim: overall.p90MinutesToClaim,
    claimedWithin15Min: 10 / 15,
    claimedWithin1Hour: 12 / 15,
    promiseOpen: 0,
    promiseKept: 15,
    promiseMissed: 0,
    keptWithin24Hours: 1,
    booked: 0,
    bookedSameVisit: 0,
    bookedByInboxOnly: 0,
    closedDemoHeld: 0,
    closedPilotAgreed: 0,
    closedNotAFit: 0,
    closedDuplicate: 0,
    newCompanies: null,
    returningCompanies: null,
    repeatedCompanies: null,
  });
});

test("per ISO week, overall, then per source (utm_source, else the referrer's host, else direct)", () => {
  const items = [
    item("2026-11-17T10:00:00.000Z", 5, { source: "LinkedIn", keptHours: 3 }), // week 47
    item("2026-11-24T10:00:00.000Z", 30, { source: "linkedin", keptHours: 30 }), // week 48, promise missed
    item("2026-11-25T10:00:00.000Z", 90, { referrer: "https://www.google.com/search?q=x" }),
    item("2026-11-26T10:00:00.000Z", undefined), // never claimed: missed every window
  ];
  const rows = followUpReport(items, { now: NOW });
  expect(rows.map((r) => [r.period, r.source, r.leads])).toEqual([
    ["2026-W47", "all", 1],
    ["2026-W48", "all", 3],
    ["overall", "all", 4],
    ["overall", "linkedin", 2],
    ["overall", "direct", 1],
    ["overall", "www.google.com", 1],
    // Then per e-mail class: every lead here is from jane@acme-mining.com.
    ["overall", "all", 4],
  ]);
  expect(rows.at(-1)?.emailClass).toBe("company");
  const linkedin = rows.find((r) => r.source === "linkedin")!;
  expect(linkedin).toMatchObject({ claimedWithin15Min: 0.5, claimedWithin1Hour: 1, keptWithin24Hours: 0.5 });
  const direct = rows.find((r) => r.source === "direct")!;
  expect(direct).toMatchObject({
    claimed: 0,
    medianMinutesToClaim: null,
    claimedWithin15Min: 0,
    keptWithin24Hours: 0,
  });
  expect(sourceOf(items[3].lead)).toBe("direct");
});

test("a lead whose window is not over yet is not counted as missed; --since leaves older leads out", () => {
  const fresh = item(new Date(NOW.getTime() - 5 * MINUTE).toISOString(), undefined);
  const old = item("2026-11-01T10:00:00.000Z", 5, { keptHours: 1 });
  const overall = followUpReport([fresh, old], { now: NOW }).find((r) => r.period === "overall");
  expect(overall).toMatchObject({ leads: 2, claimedWithin15Min: 1, keptWithin24Hours: 1 });
  const since = followUpReport([fresh, old], { now: NOW, since: new Date("2026-11-15T00:00:00Z") });
  expect(since.find((r) => r.period === "overall" && r.source === "all")).toMatchObject({
    leads: 1,
    claimedWithin15Min: null,
  });
});

test("a lead still inside its 24 hours is open, neither kept nor missed, and the table says so", () => {
  const fresh = item(new Date(NOW.getTime() - 5 * MINUTE).toISOString(), undefined);
  const claimedOnly = item(new Date(NOW.getTime() - 3 * 60 * MINUTE).toISOString(), 2);
  const kept = item("2026-11-01T10:00:00.000Z", 5, { keptHours: 1 });
  const missed = item("2026-11-02T10:00:00.000Z", 5); // claimed, never contacted: its 24 hours ran out
  const rows = followUpReport([fresh, claimedOnly, kept, missed], { now: NOW });
  const overall = rows.find((r) => r.period === "overall")!;
  expect(overall).toMatchObject({
    leads: 4,
    promiseOpen: 2,
    promiseKept: 1,
    promiseMissed: 1,
    keptWithin24Hours: 0.5,
  });
  // Only open leads: nothing is decided, so no share is claimed (not "100%").
  const onlyOpen = followUpReport([fresh, claimedOnly], { now: NOW }).find((r) => r.period === "overall")!;
  expect(onlyOpen).toMatchObject({
    promiseOpen: 2,
    promiseKept: 0,
    promiseMissed: 0,
    keptWithin24Hours: null,
  });
  const text = reportToText([onlyOpen], "calendar minutes");
  const [header, values] = text.split("\n").filter((line) => /^(period|overall)/.test(line));
  const cells = values.split(/\s{2,}/);
  const at = (name: string) => cells[header.split(/\s{2,}/).indexOf(name)];
  expect([at("open"), at("kept"), at("missed"), at("kept 24 h")]).toEqual(["2", "0", "0", "-"]);
});

test("the close outcomes are counted, those that went well beside those that did not go ahead", () => {
  const closed = (reason: CloseReason, hours = 30) =>
    item("2026-11-10T10:00:00.000Z", 5, {
      followUp: {
        state: "closed",
        closedReason: reason,
        closedAt: new Date(Date.parse("2026-11-10T10:00:00.000Z") + hours * 60 * MINUTE).toISOString(),
      },
    });
  const items = [
    closed("demo held"),
    closed("demo held"),
    closed("pilot agreed"),
    closed("not a fit"),
    closed("duplicate", 1),
    closed("spam"),
  ];
  const overall = followUpReport(items, { now: NOW }).find((r) => r.period === "overall")!;
  expect(overall).toMatchObject({
    leads: 5,
    closedDemoHeld: 2,
    closedPilotAgreed: 1,
    closedNotAFit: 1,
    closedDuplicate: 1,
  });
  const text = reportToText([overall], "calendar minutes");
  expect(text).toMatch(
    /^period\s+source\s+e-mail\s+booked\s+same visit\s+by inbox\s+demo held\s+pilot agreed\s+not a fit\s+duplicate$/m,
  );
  expect(text).toMatch(/^overall\s+all\s+all\s+0\s+0%\s+0\s+2\s+1\s+1\s+1$/m);
});

test("the text report explains every column in one line, 'same visit' and 'open' included", () => {
  const rows = followUpReport([item("2026-11-24T10:00:00.000Z", 5, { keptHours: 1 })], { now: NOW });
  const text = reportToText(rows, "business minutes (Mon-Fri 08:00-17:00 Australia/Perth)");
  const legend = text.slice(text.indexOf("Columns:")).split("\n").slice(1);
  const headings = text
    .split("\n")
    .filter((line) => line.startsWith("period"))
    .flatMap((line) => line.split(/\s{2,}/));
  const distinct = [...new Set(headings)];
  expect(distinct).toHaveLength(20);
  for (const heading of distinct) {
    expect(legend.filter((line) => line.startsWith(`  ${heading}: `))).toHaveLength(1);
  }
  expect(legend).toHaveLength(distinct.length);
  expect(text).toContain(
    "  same visit: the share of all leads booked through the booking link offered right after the request",
  );
  expect(text).toContain("  open: leads still inside their 24 hours and not yet contacted, booked or closed");
  expect(text).toContain(
    "  median: the middle time from arrival to that first touch, in business minutes (Mon-Fri",
  );
});

test("honeypot leads and leads closed as spam are not prospects; a lead closed unclaimed was first touched then", () => {
  const honeypot = item("2026-11-24T10:00:00.000Z", undefined, { lead: { state: "spam" } });
  const spam = item("2026-11-24T10:00:00.000Z", undefined, {
    followUp: { state: "closed", closedReason: "spam", closedAt: "2026-11-24T10:01:00.000Z" },
  });
  const duplicate = item("2026-11-24T10:00:00.000Z", undefined, {
    followUp: { state: "closed", closedReason: "duplicate", closedAt: "2026-11-24T10:12:00.000Z" },
  });
  const rows = followUpReport([honeypot, spam, duplicate], { now: NOW });
  expect(rows.find((r) => r.period === "overall")).toMatchObject({
    leads: 1,
    claimed: 1,
    medianMinutesToClaim: 12,
    claimedWithin15Min: 1,
    keptWithin24Hours: 1,
  });
});

test("with business hours, time to claim counts only the window (a Friday-evening lead claimed on Monday)", () => {
  const hours = parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth");
  // Friday 16:50 Perth, claimed Monday 08:20 Perth: 10 + 20 business minutes.
  const friday = item("2026-11-20T08:50:00.000Z", 63 * 60 + 30);
  const [week, overall] = followUpReport([friday], { now: NOW, hours });
  expect(week.period).toBe("2026-W47");
  expect(overall).toMatchObject({ medianMinutesToClaim: 30, claimedWithin15Min: 0, claimedWithin1Hour: 1 });
});

test("the CSV is formula-safe (a source is visitor text) and the table keeps control characters out", () => {
  const rows = followUpReport([item("2026-11-24T10:00:00.000Z", 5, { source: "=HYPERLINK(1)\u001b[2J" })], {
    now: NOW,
  });
  const csv = reportToCsv(rows);
  expect(csv.split("\r\n")[0]).toBe(
    '"period","source","emailClass","leads","claimed","medianMinutesToClaim","p90MinutesToClaim","claimedWithin15Min","claimedWithin1Hour","promiseOpen","promiseKept","promiseMissed","keptWithin24Hours","booked","bookedSameVisit","bookedByInboxOnly","closedDemoHeld","closedPilotAgreed","closedNotAFit","closedDuplicate","newCompanies","returningCompanies","repeatedCompanies"',
  );
  expect(csv).toContain(
    '"overall","\'=hyperlink(1)\u001b[2j","all","1","1","5","5","1","1","0","0","1","0","0","0","0","0","0","0","0","","",""\r\n',
  );
  const text = reportToText(rows, "calendar minutes");
  expect(text).not.toContain("\u001b");
  expect(text).toContain("calendar minutes");
});

test("a lead stored before follow-up existed (no record, no marker) is left out, not counted as missed", () => {
  const old = { ...item("2026-11-02T10:00:00.000Z", undefined), tracked: false };
  const tracked = item("2026-11-24T10:00:00.000Z", 5, { keptHours: 1 });
  const overall = followUpReport([old, tracked], { now: NOW }).find((r) => r.period === "overall");
  expect(overall).toMatchObject({ leads: 1, claimedWithin15Min: 1, keptWithin24Hours: 1 });
});

test("booked leads, and the share booked in the same visit (through the link offered after the request)", () => {
  const booking = (via: "reference" | "email") => ({
    state: "booked" as const,
    bookedAt: "2026-11-24T10:30:00.000Z",
    booking: { uid: `b-${via}`, via, startTime: "2026-11-26T01:00:00.000Z" },
  });
  const items = [
    item("2026-11-24T10:00:00.000Z", 5, { followUp: booking("reference") }),
    item("2026-11-24T10:00:00.000Z", 5, { followUp: booking("email") }),
    item("2026-11-24T10:00:00.000Z", 5, { keptHours: 1 }),
    item("2026-11-24T10:00:00.000Z", 5, { keptHours: 1 }),
  ];
  const overall = followUpReport(items, { now: NOW }).find((r) => r.period === "overall");
  expect(overall).toMatchObject({ booked: 2, bookedSameVisit: 0.25, keptWithin24Hours: 1 });
});

test("a booking matched by inbox only, not confirmed, is counted apart and never as booked or kept", () => {
  const unconfirmed = {
    state: "new" as const,
    bookings: [{ uid: "b-1", via: "email" as const, startTime: "2026-11-26T01:00:00.000Z" }],
  };
  const items = [
    item("2026-11-24T10:00:00.000Z", 5, { followUp: unconfirmed }),
    item("2026-11-24T10:00:00.000Z", 5, { keptHours: 1 }),
  ];
  const overall = followUpReport(items, { now: NOW }).find((r) => r.period === "overall");
  expect(overall).toMatchObject({ booked: 0, bookedByInboxOnly: 1 });
  expect(reportToText([overall!], "calendar minutes")).toContain("by inbox");
});

test("the report has one overall row per e-mail class, in the order company, free, ISP, disposable", () => {
  const at = "2026-11-24T10:00:00.000Z";
  const withEmail = (email: string) => {
    const base = item(at, 5, { keptHours: 1 });
    return { ...base, lead: { ...base.lead, request: { ...base.lead.request, email } } };
  };
  const rows = followUpReport(
    [
      withEmail("a@mailinator.com"),
      withEmail("b@gmail.com"),
      withEmail("c@gmail.com"),
      withEmail("d@bhp.com"),
      withEmail("e@bigpond.com"),
    ],
    { now: NOW },
  ).filter((r) => r.emailClass !== "all");
  expect(rows.map((r) => [r.emailClass, r.leads])).toEqual([
    ["company", 1],
    ["free", 2],
    ["isp", 1],
    ["disposable", 1],
  ]);
});

test("a malformed stored record is logged and left out of the report; the others are counted", async () => {
  const errors = silenceConsole("error");
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  await leads.create(leadRecord("a", "sent"));
  await leads.create(leadRecord("b", "sent"));
  await followUps.update("b", () => ({ ok: true, followUp: { state: "claimed", owner: { name: "Ana" } } }));
  leads.records.set("string", "a lead" as unknown as LeadRecord);
  leads.records.set("email", {
    ...leadRecord("email", "sent"),
    request: { email: 42 },
  } as unknown as LeadRecord);
  const items = await readReportLeads({ leads, followUps: followUpReader(followUps, TEST_CONFIG) });
  expect(items.map(({ lead, followUp, tracked }) => [lead.id, followUp.state, tracked])).toEqual([
    ["a", "new", true],
    ["b", "claimed", true],
  ]);
  expect(followUpReport(items, { now: NOW }).find((r) => r.period === "overall")?.leads).toBe(2);
  const logged = errors.mock.calls.join("\n");
  expect(logged).toContain('the report skipped it {"requestId":"string"}');
  expect(logged).toContain('the report skipped it {"requestId":"email"}');
  errors.mockRestore();
});

test("a lead released from spam is counted from its release: claimed and contacted soon after, it kept the promise", () => {
  const releasedAt = new Date(NOW.getTime() - 2 * 60 * MINUTE).toISOString();
  const released = item("2026-11-25T10:00:00.000Z", undefined, {
    lead: { released: { at: releasedAt, by: "Ana Smith" } },
    followUp: {
      state: "contacted",
      owner: { name: "Ana Smith" },
      claimedAt: new Date(Date.parse(releasedAt) + 5 * MINUTE).toISOString(),
      contactedAt: new Date(Date.parse(releasedAt) + 60 * MINUTE).toISOString(),
    },
  });
  const overall = followUpReport([released], { now: NOW }).find((r) => r.period === "overall")!;
  expect(overall).toMatchObject({ promiseKept: 1, promiseMissed: 0, medianMinutesToClaim: 5 });
});

test("a reopened lead counts as its record stands: the close it undid neither kept the promise nor took it in hand", () => {
  const received = "2026-11-24T10:00:00.000Z";
  const after = (minutes: number) => new Date(Date.parse(received) + minutes * MINUTE);
  /** A lead received at `received` with `actions` applied at the given minutes after it. */
  const lead = (...actions: [number, FollowUpAction][]) => {
    const followUp = actions.reduce<FollowUp>(
      (current, [minutes, action]) => {
        const result = applyAction(current, action, after(minutes));
        if (!result.ok) throw new Error(result.reason);
        return result.followUp;
      },
      { state: "new" },
    );
    return item(received, undefined, { followUp });
  };
  const ana = { name: "Ana Smith" };
  // Closed as spam by a mis-tap within a minute, reopened, then nobody for two days: missed, and a prospect again.
  const misTapped = lead([1, { kind: "close", reason: "spam" }], [90, { kind: "reopen", by: ana }]);
  // Closed within the hour, reopened, closed again two days later: the promise was missed.
  const closedAgain = lead(
    [10, { kind: "close", reason: "not a fit" }],
    [60, { kind: "reopen", by: ana }],
    [48 * 60, { kind: "close", reason: "duplicate" }],
  );
  // Claimed and contacted in time, closed, reopened: the contact still kept it.
  const contacted = lead(
    [5, { kind: "claim", owner: ana }],
    [30, { kind: "contacted" }],
    [40, { kind: "close", reason: "demo held" }],
    [50, { kind: "reopen", by: ana }],
  );
  const overall = followUpReport([misTapped, closedAgain, contacted], { now: NOW }).find(
    (r) => r.period === "overall",
  );
  expect(overall).toMatchObject({
    leads: 3,
    claimed: 2,
    medianMinutesToClaim: (5 + 48 * 60) / 2,
    promiseKept: 1,
    promiseMissed: 2,
    closedDemoHeld: 0,
    closedNotAFit: 0,
    closedDuplicate: 1,
  });
});

test("each week's new and returning companies and those with more than one request, in the CSV and the text", () => {
  const items = [item("2026-11-17T10:00:00.000Z", 5), item("2026-11-24T10:00:00.000Z", 5)];
  const repeated = Array.from({ length: REPEATED_SHOWN + 2 }, (_, i) => ({
    company: i === 0 ? `${"c".repeat(60)}.com` : `ore-${i}.com`,
    requests: 2,
  }));
  const companies = new Map([
    ["2026-W47", { newCompanies: 1, returningCompanies: 0, repeated: [] }],
    ["2026-W48", { newCompanies: 3, returningCompanies: 2, repeated }],
  ]);
  const rows = followUpReport(items, { now: NOW, companies });
  expect(rows.map((r) => [r.period, r.newCompanies, r.returningCompanies])).toEqual([
    ["2026-W47", 1, 0],
    ["2026-W48", 3, 2],
    ["overall", null, null],
    ["overall", null, null],
    ["overall", null, null],
  ]);
  const listed = `${"c".repeat(39)}…: 2 requests; ore-1.com: 2 requests`;
  expect(rows[1].repeatedCompanies).toMatch(new RegExp(`^${listed}; .*ore-9\\.com: 2 requests; and 2 more$`));
  const csv = reportToCsv(rows).split("\r\n");
  expect(csv[0]).toMatch(/,"newCompanies","returningCompanies","repeatedCompanies"$/);
  expect(csv[2]).toMatch(/^"2026-W48",.*,"3","2","c{39}…: 2 requests; ore-1\.com/);
  const text = reportToText(rows, "calendar minutes");
  expect(text).toMatch(
    /^Companies\nperiod\s+new companies\s+returning\n2026-W47\s+1\s+0\n2026-W48\s+3\s+2$/m,
  );
  expect(text).toContain(
    `Companies with more than one request in a week:\n  2026-W48:\n    ${"c".repeat(39)}…: 2 requests\n`,
  );
  expect(text).toContain("    ore-9.com: 2 requests\n    and 2 more\n");
  expect(text).toContain("  new companies: companies (the domain of the prospect's e-mail address;");
});
