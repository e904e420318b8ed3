/**
 * @jest-environment node
 */
// The scheduled function `lead-retention` (docs/decisions/0018-retention-and-erasure.md) against
// @netlify/blobs' local server, found the way Netlify hands it to a function (NETLIFY_BLOBS_CONTEXT): it
// deletes what is past its period, with the limits from the environment, and refuses to guess a malformed
// one.
import handler, { config } from "../../../../netlify/functions/lead-retention.mts";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../../../../netlify/lib/core/leads/lead-store";
import type { LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { leadRecord } from "../../../helpers/function-harness";
import { setUpFunctionEnv } from "../../../helpers/function-env";
import { silenceConsole } from "../../../helpers/console";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const { sink, blobs } = setUpFunctionEnv({ ALERT_EMAIL: "alerts@resources.test" });
beforeEach(async () => {
  const store = blobs.open(LEAD_STORE_NAME);
  for (const { key } of (await store.list()).blobs) await store.delete(key);
  const seed = [
    leadRecord("sent-200d", "sent", { receivedAt: daysAgo(201), settledAt: daysAgo(200) }),
    leadRecord("sent-20d", "sent", { receivedAt: daysAgo(20), settledAt: daysAgo(20) }),
    leadRecord("pending-400d", "pending", {
      receivedAt: daysAgo(400),
      sales: { lastAttemptAt: daysAgo(399) },
    }),
    { ...leadRecord("spam-40d", "pending"), state: "spam", receivedAt: daysAgo(40) },
    { ...leadRecord("spam-10d", "pending"), state: "spam", receivedAt: daysAgo(10) },
  ];
  const leads = createBlobLeadStore(store);
  for (const record of seed) {
    await leads.create(record as LeadRecord);
    if (record.state !== "pending") await leads.settle(record.id);
  }
});
afterEach(() => {
  jest.restoreAllMocks();
});

const storedIds = async () => (await createBlobLeadStore(blobs.open(LEAD_STORE_NAME)).ids()).sort();

test("runs daily", () => {
  expect(config.schedule).toBe("@daily");
});

test("deletes settled leads and spam past their periods; pending leads stay", async () => {
  const res = await handler();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ deleted: 2, kept: 3, unreadable: 0, undeleted: 0, malformed: 0 });
  expect(await storedIds()).toEqual(["pending-400d", "sent-20d", "spam-10d"]);
});

test("the limits come from LEAD_RETENTION_DAYS and SPAM_RETENTION_DAYS", async () => {
  process.env.LEAD_RETENTION_DAYS = "15";
  process.env.SPAM_RETENTION_DAYS = "60";
  expect(await (await handler()).json()).toMatchObject({ deleted: 2 });
  expect(await storedIds()).toEqual(["pending-400d", "spam-10d", "spam-40d"]);
});

test("a malformed limit: 500, the variable named in the log, nothing deleted", async () => {
  const error = silenceConsole("error");
  process.env.SPAM_RETENTION_DAYS = "a month";
  const res = await handler();
  expect(res.status).toBe(500);
  expect(await res.json()).toEqual({ error: "Server misconfigured" });
  expect(error.mock.calls.join("\n")).toContain("SPAM_RETENTION_DAYS must be a whole number of days");
  expect(await storedIds()).toHaveLength(5);
});

test("a lead whose pending marker is still stored is not deleted, even past its period", async () => {
  const leads = createBlobLeadStore(blobs.open(LEAD_STORE_NAME));
  // Sent 200 days ago, but the write that would have removed its marker failed.
  await leads.create(
    leadRecord("sent-200d-marked", "sent", { receivedAt: daysAgo(201), settledAt: daysAgo(200) }),
  );
  expect(await (await handler()).json()).toMatchObject({ deleted: 2 });
  expect(await storedIds()).toEqual(["pending-400d", "sent-200d-marked", "sent-20d", "spam-10d"]);
});

test("a malformed record is kept, counted and alerted once; an expired alert note is pruned", async () => {
  const consoleErrors = silenceConsole("error");
  const store = blobs.open(LEAD_STORE_NAME);
  await store.setJSON("leads/broken", ["not", "a", "lead"]);
  await store.setJSON("malformed/erased-long-ago", { at: daysAgo(40), expiresAt: daysAgo(10) });
  const res = await handler();
  expect(await res.json()).toEqual({ deleted: 2, kept: 4, unreadable: 0, undeleted: 0, malformed: 1 });
  expect(await storedIds()).toContain("broken");
  expect((await store.list({ prefix: "malformed/" })).blobs.map((b) => b.key)).toEqual(["malformed/broken"]);
  await handler();
  expect(sink.messages().map((m) => [m.to, m.customArgs])).toEqual([
    [["alerts@resources.test"], { requestId: "broken", kind: "alert" }],
  ]);
  expect(consoleErrors.text()).toContain(
    "[demo-request] MALFORMED LEAD: the stored record is not a lead record; the retention job skipped it",
  );
});
