/**
 * @jest-environment node
 */
// The CSV export (docs/requirements.md#durable-capture) is formula-safe however a formula is dressed: a cell
// whose first non-space character, after Unicode NFKC normalisation, starts a formula gets a leading
// apostrophe, and its text is otherwise kept exactly as it was. Its time to claim is the report's.
import fc from "fast-check";
import { minutesToClaim } from "../../../../netlify/lib/add-ons/summary/report";
import { EXPORT_COLUMNS, leadsToCsv } from "../../../helpers/leads-csv";
import {
  leadColumns,
  leadExports,
  leadsToCsv as csvOf,
  readLeadsForCsv,
} from "../../../../netlify/lib/add-ons/privacy/leads-csv";
import { parseBusinessHours } from "../../../../netlify/lib/kit/business-hours";
import type { FollowUp } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { PLUGINS } from "../../../../netlify/lib/compose";
import { keyOf } from "../../../../netlify/lib/kit/storage";
import { silenceConsole } from "../../../helpers/console";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { neutraliseFormula } from "../../../../netlify/lib/kit/csv";
import { leadRecord, TEST_CONFIG, VALID } from "../../../helpers/function-harness";

test.each([
  [' =HYPERLINK("https://evil.example","x")', "a leading space"],
  ["   +1+1", "several spaces"],
  ["\u00a0-1+1", "a no-break space"],
  ["\u3000@SUM(1,1)", "an ideographic space"],
  ["\n=1+1", "a line feed"],
  ["＝SUM(1,1)", "a full-width equals sign"],
  ["﹦1", "a small equals sign"],
  ["＋61 400", "a full-width plus sign"],
  ["－1", "a full-width hyphen-minus"],
  ["＠cmd", "a full-width commercial at"],
  [" \u3000＝1", "spaces, then a full-width sign"],
  [" \tx", "a space, then a tab"],
  ["  \rx", "spaces, then a carriage return"],
])("%j (%s) gets an apostrophe and keeps its text", (value) => {
  expect(neutraliseFormula(value)).toBe(`'${value}`);
});

test("a formula behind any run of Unicode spaces gets an apostrophe; the cell holds the value whole", () => {
  const spaces = fc.array(fc.constantFrom(" ", "\u00a0", "\u2003", "\u3000", "\n"), {
    minLength: 1,
    maxLength: 4,
  });
  const sign = fc.constantFrom("=", "+", "-", "@", "＝", "＋", "－", "＠");
  fc.assert(
    fc.property(spaces, sign, fc.string({ maxLength: 20 }), (lead, first, rest) => {
      const value = `${lead.join("")}${first}${rest}`;
      return neutraliseFormula(value) === `'${value}`;
    }),
  );
  // A sign that normalisation folds into the next character still starts a formula as typed.
  expect(neutraliseFormula(" =\u0338 1")).toBe("' =\u0338 1");
  fc.assert(
    fc.property(fc.string({ unit: "grapheme-composite", maxLength: 20 }), (value) => {
      const cell = neutraliseFormula(value);
      return cell === value || cell === `'${value}`;
    }),
  );
});

test("an attribution or field dressed as a formula is neutralised in the export", () => {
  const record = {
    ...leadRecord("a", "sent", { request: { ...VALID, company: "＝SUM(1,1)" } }),
    attribution: {
      utm_source: ' =HYPERLINK("https://evil.example","x")',
      utm_campaign: "\u3000-2",
      utm_medium: " social",
      utm_term: "a=b",
      utm_content: "Ｏｎｅ",
    },
  };
  const [, row] = leadsToCsv([record]).trimEnd().split("\r\n");
  // Values that start no formula are left as they are.
  for (const plain of [" social", "a=b", "Ｏｎｅ", VALID.firstName]) expect(row).toContain(`"${plain}"`);
  expect(row).toContain(`"'＝SUM(1,1)"`);
  expect(row).toContain(`"' =HYPERLINK(""https://evil.example"",""x"")"`);
  expect(row).toContain(`"'\u3000-2"`);
});

test("a lead released from spam counts its minutes to claim from the release, as the report does", () => {
  const record = {
    ...leadRecord("a", "sent", { suspectedSpam: "form token forged (its signature does not match)" }),
    released: { at: "2025-01-01T13:00:00.000Z", by: "Dana" },
  };
  const followUp = { state: "claimed" as const, claimedAt: "2025-01-01T13:10:00.000Z" };
  const csv = leadsToCsv([record], new Map([[record.id, followUp]]));
  const [header, row] = csv
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
  expect(row[header.indexOf('"minutesToClaim"')]).toBe('"10"');
  expect(minutesToClaim({ lead: record, followUp, tracked: true })).toBe(10);
});

test("the export tells a lead's story: who released it from spam and when, when it was booked and whether confirmed", () => {
  const released = { ...leadRecord("a", "sent"), released: { at: "2025-01-01T13:00:00.000Z", by: "Dana" } };
  const booked = leadRecord("b", "sent");
  const byInbox = leadRecord("c", "sent");
  const untouched = leadRecord("d", "sent");
  const followUps = new Map([
    [
      booked.id,
      {
        state: "booked" as const,
        bookedAt: "2025-01-02T09:00:00.000Z",
        bookings: [{ uid: "bk-1", via: "reference" as const, startTime: "2025-01-03T09:00:00.000Z" }],
      },
    ],
    [byInbox.id, { state: "new" as const, bookings: [{ uid: "bk-2", via: "email" as const }] }],
  ]);
  const [header, ...rows] = leadsToCsv([released, booked, byInbox, untouched], followUps)
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
  const columns = ["releasedAt", "releasedBy", "bookedAt", "bookingConfirmed"];
  const story = (row: string[]) => columns.map((name) => row[header.indexOf(`"${name}"`)]);
  expect(story(rows[0])).toEqual(['"2025-01-01T13:00:00.000Z"', '"Dana"', '""', '""']);
  expect(story(rows[1])).toEqual(['""', '""', '"2025-01-02T09:00:00.000Z"', '"yes"']);
  expect(story(rows[2])).toEqual(['""', '""', '""', '"no"']);
  expect(story(rows[3])).toEqual(['""', '""', '""', '""']);
});

describe("the columns come from the plugins' privacy hooks, on or off", () => {
  const HEADER = [
    "id",
    "receivedAt",
    "state",
    "firstName",
    "lastName",
    "email",
    "phone",
    "company",
    "message",
    "attempts",
    "sentAt",
    "lastError",
    "spamReason",
    "suspectedSpam",
    "releasedAt",
    "releasedBy",
    "landing_path",
    "referrer",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "gclid",
    "emailClass",
    "followUpState",
    "owner",
    "claimedAt",
    "contactedAt",
    "bookedAt",
    "bookingConfirmed",
    "closedReason",
    "minutesToClaim",
    "returning",
    "relatedLeads",
  ];

  test("the core's, then the e-mail class's, follow-up's and company match's, named and ordered as ever", async () => {
    const columns = leadColumns(await leadExports(PLUGINS));
    expect(columns.map(([name]) => name)).toEqual(HEADER);
    expect(EXPORT_COLUMNS.map(([name]) => name)).toEqual(HEADER);
  });

  test("the export reads each lead's follow-up through the hook: hours from the settings, damaged is blank", async () => {
    const blobs = createMemoryBlobs();
    const followUps = createFollowUpStore(blobs);
    const leads = createMemoryLeadStore({ followUps });
    const claimed = { ...leadRecord("a", "sent"), receivedAt: "2025-01-06T08:00:00.000Z" };
    await leads.create(claimed);
    await leads.create(leadRecord("b", "sent"));
    await leads.create({ ...leadRecord("c", "sent"), state: "spam", spamReason: "honeypot" });
    const stored = {
      state: "claimed" as const,
      claimedAt: "2025-01-06T10:00:00.000Z",
      owner: { name: "Dana" },
    };
    await blobs.setJSON(keyOf("followUp", "a"), stored);
    await blobs.setJSON(keyOf("followUp", "b"), { state: "no such state" });
    const hours = parseBusinessHours("Mon-Fri 09:00-17:00 UTC");
    const parts = await leadExports(PLUGINS);
    const errors = silenceConsole("error");
    const { records, rows } = await readLeadsForCsv({
      leads,
      blobs,
      parts,
      settings: { followUp: { ...TEST_CONFIG.followUp, businessHours: hours } },
    });
    expect(errors.mock.calls.join("\n")).toContain(
      'DAMAGED RECORD: a stored record fails its schema; it is skipped {"key":"followup/b"}',
    );
    errors.mockRestore();
    const csv = csvOf(records, leadColumns(parts), rows);
    const byHand = leadsToCsv(
      records,
      new Map<string, FollowUp | "damaged">([
        ["a", stored],
        ["b", "damaged"],
      ]),
      hours,
    );
    expect(csv).toBe(byHand);
    const [header, ...lines] = csv
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(","));
    const cell = (id: string, name: string) =>
      lines.find((line) => line[0] === `"${id}"`)![header.indexOf(`"${name}"`)];
    // One business hour: 09:00 to 10:00 counts, 08:00 to 09:00 does not.
    expect(cell("a", "minutesToClaim")).toBe('"60"');
    expect(cell("a", "owner")).toBe('"Dana"');
    expect(cell("b", "followUpState")).toBe('""');
    expect(cell("c", "followUpState")).toBe('""');
  });
});
