/**
 * @jest-environment node
 */
// A malformed stored lead (netlify/lib/core/leads/lead-record.ts) in the personal-data jobs
// (docs/decisions/0018-retention-and-erasure.md): the export and retention skip and log it and handle
// the others; erasure by address cannot match it and says so (not complete), and erasure by id
// erases it with its note.
import { noteMalformedLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import {
  describeDryRun,
  describeErasure,
  describeErasureById,
  eraseRequestById,
  eraseRequestsFrom,
  erasureStore,
  findRequestsFrom,
} from "../../../../netlify/lib/add-ons/privacy/lead-erasure";
import { silenceConsole, type SilencedConsole } from "../../../helpers/console";
import { leadExports, readLeadsForCsv } from "../../../../netlify/lib/add-ons/privacy/leads-csv";
import { runRetention } from "../../../../netlify/lib/add-ons/privacy/retention";
import { DEFAULT_RETENTION } from "../../../../netlify/lib/add-ons/privacy/settings";
import { PLUGINS } from "../../../../netlify/lib/compose";
import { leadsToCsv } from "../../../helpers/leads-csv";
import { leadRecord, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const BAD = "2b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";
// Set by the tests that expect a malformed record to be logged.
let errors: SilencedConsole;
beforeEach(() => {
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());
const logged = () => errors.mock.calls.join("\n");

/** Two good leads from jane@ and one from bob@, settled long ago, and BAD stored as a string. */
async function world() {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  const old = { receivedAt: "2024-01-01T00:00:00.000Z", settledAt: "2024-01-01T00:00:01.000Z" };
  await leads.create(leadRecord("jane-1", "sent", old));
  await leads.create(leadRecord("jane-2", "sent"));
  await leads.create(leadRecord("bob-1", "sent", { request: { ...VALID, email: "bob@acme-mining.com" } }));
  for (const id of ["jane-1", "jane-2", "bob-1"]) await leads.settle(id);
  leads.records.set(BAD, "a lead" as unknown as LeadRecord);
  return { blobs, followUps, leads };
}

test("the export leaves a malformed record out, logged by id, and writes the others", async () => {
  errors = silenceConsole("error");
  const { leads, blobs } = await world();
  const parts = await leadExports(PLUGINS);
  const { records } = await readLeadsForCsv({ leads, blobs, parts });
  expect(records.map((r) => r.id).sort()).toEqual(["bob-1", "jane-1", "jane-2"]);
  expect(leadsToCsv(records).trimEnd().split("\r\n")).toHaveLength(4);
  const access = await readLeadsForCsv({ leads, blobs, parts, address: "jane@acme-mining.com" });
  expect(access.records.map((r) => r.id).sort()).toEqual(["jane-1", "jane-2"]);
  expect(logged()).toContain(`the export skipped it {"requestId":"${BAD}"}`);
});

test("retention keeps and reports a malformed record, and still deletes what is past its period", async () => {
  errors = silenceConsole("error");
  const { leads } = await world();
  const reported: string[] = [];
  const run = await runRetention({
    store: leads,
    limits: DEFAULT_RETENTION,
    now: new Date("2025-06-01T00:00:00.000Z"),
    onMalformed: async (id) => void reported.push(id),
  });
  expect(run).toEqual({ deleted: 1, kept: 3, unreadable: 0, undeleted: 0, malformed: 1 });
  expect(reported).toEqual([BAD]);
  expect([...leads.records.keys()].sort()).toEqual([BAD, "bob-1", "jane-2"].sort());
  // Without a reporter it is the log line.
  await runRetention({ store: leads, limits: DEFAULT_RETENTION });
  expect(logged()).toContain(`the retention job skipped it {"requestId":"${BAD}"}`);
});

test("erasure by address erases the matches, lists a malformed record it could not match, and is not complete", async () => {
  errors = silenceConsole("error");
  const { leads, blobs } = await world();
  const store = erasureStore(leads, blobs, PLUGINS);
  const dry = await findRequestsFrom({ store, address: "jane@acme-mining.com" });
  expect(dry.malformed).toEqual([BAD]);
  const dryRun = describeDryRun(dry, "jane@acme-mining.com");
  expect(dryRun.complete).toBe(false);
  expect(dryRun.lines.join("\n")).toContain(`are malformed and cannot be matched to an address: ${BAD}.`);

  const counters = { remove: async () => 0 };
  const report = await eraseRequestsFrom({ store, counters, address: "jane@acme-mining.com" });
  expect(report.removed.map((r) => r.id).sort()).toEqual(["jane-1", "jane-2"]);
  expect(report.malformed).toEqual([BAD]);
  const { lines, complete } = describeErasure(report, "jane@acme-mining.com");
  expect(complete).toBe(false);
  expect(lines.join("\n")).toContain(`npm run leads:erase -- --id <id>`);
  expect(lines).toContain("Erasure is not proven complete until the malformed record(s) are checked.");
  expect(lines).not.toContain("Erasure is incomplete; run the command again.");
  expect(logged()).toContain(`erasure by address skipped it {"requestId":"${BAD}"}`);
});

test("erasure by id erases a malformed record with its note, or a lead record; a dry run only looks", async () => {
  const { leads, blobs } = await world();
  await noteMalformedLead(blobs, BAD, new Date());
  const store = erasureStore(leads, blobs, PLUGINS);
  expect(await eraseRequestById({ store, id: BAD, dryRun: true })).toBe("malformed");
  expect(leads.records.has(BAD)).toBe(true);
  expect(describeErasureById("malformed", BAD, true)).toBe(
    `Dry run: the malformed stored record ${BAD} would be erased, with its markers and notes.`,
  );
  expect(await eraseRequestById({ store, id: BAD })).toBe("malformed");
  expect(leads.records.has(BAD)).toBe(false);
  expect(await blobs.keys("malformed/")).toEqual([]);
  expect(await eraseRequestById({ store, id: BAD })).toBe("absent");
  expect(describeErasureById("absent", BAD)).toBe(`No stored demo request ${BAD}.`);
  expect(await eraseRequestById({ store, id: "bob-1" })).toBe("lead");
  expect([...leads.records.keys()].sort()).toEqual(["jane-1", "jane-2"]);
});
