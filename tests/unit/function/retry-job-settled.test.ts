/**
 * @jest-environment node
 */
// Issue 4's retry job reads only new and pending records once it knows which are settled
// (netlify/lib/settled-leads.ts), and never loses a lead when that knowledge is missing.
import { createMemoryLeadStore, type LeadRecord } from "../../../netlify/lib/lead-store";
import { retryPendingLeads } from "../../../netlify/lib/retry-job";
import { createMemorySettledLeadIds } from "../../../netlify/lib/settled-leads";
import {
  leadRecord as lead,
  memoryLimits,
  scriptedMailer,
  TEST_CONFIG,
} from "../../helpers/function-harness";

const NOW = new Date("2025-01-01T12:00:00.000Z");
const down = { status: "failed", error: "SendGrid answered 503", code: 503, retryable: true } as const;

async function storeWith(...records: LeadRecord[]) {
  const store = createMemoryLeadStore();
  for (const record of records) await store.create(record);
  return { store, get: jest.spyOn(store, "get") };
}

const run = (
  options: Partial<Parameters<typeof retryPendingLeads>[0]> &
    Pick<Parameters<typeof retryPendingLeads>[0], "store">,
) =>
  retryPendingLeads({
    mailer: scriptedMailer(),
    config: TEST_CONFIG,
    limits: memoryLimits(),
    now: () => NOW,
    ...options,
  });

beforeEach(() => {
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test("after the first run, a run reads only the records that are new or still pending", async () => {
  const { store, get } = await storeWith(lead("s1", "sent"), lead("s2", "sent"), lead("p1", "pending"));
  const settled = createMemorySettledLeadIds();
  expect(await run({ store, settled })).toEqual({ sent: 1, failed: 0, waiting: 0 });
  expect(get).toHaveBeenCalledTimes(3);
  expect(settled.ids).toEqual(new Set(["s1", "s2", "p1"]));

  await store.create(lead("p2", "pending"));
  get.mockClear();
  const mailer = scriptedMailer();
  expect(await run({ store, settled, mailer })).toEqual({ sent: 1, failed: 0, waiting: 0 });
  expect(get.mock.calls.map(([id]) => id)).toEqual(["p2"]);
  expect(mailer.sent.map((m) => m.customArgs?.requestId)).toEqual(["p2", "p2"]); // sales + confirmation
});

test("a pending record is read again on every run until it is delivered", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  const { store, get } = await storeWith(lead("p1", "pending"));
  const settled = createMemorySettledLeadIds();
  const failing = scriptedMailer([down, down, down]);
  expect(await run({ store, settled, mailer: failing, retry: { sleep: async () => undefined } })).toEqual({
    sent: 0,
    failed: 0,
    waiting: 1,
  });
  expect(settled.ids).toEqual(new Set());
  get.mockClear();
  const later = () => new Date(NOW.getTime() + 10 * 60_000);
  expect(await run({ store, settled, now: later })).toEqual({ sent: 1, failed: 0, waiting: 0 });
  expect(get.mock.calls.map(([id]) => id)).toEqual(["p1"]);
  expect(settled.ids).toEqual(new Set(["p1"]));
});

test("a request given up after a day is settled too", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  const { store } = await storeWith(lead("old", "pending", { receivedAt: "2024-12-31T11:00:00.000Z" }));
  const settled = createMemorySettledLeadIds();
  expect(await run({ store, settled })).toEqual({ sent: 0, failed: 1, waiting: 0 });
  expect(settled.ids).toEqual(new Set(["old"]));
});

test("unreadable settled ids: the run reads every record and still delivers", async () => {
  const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
  const { store, get } = await storeWith(lead("s1", "sent"), lead("p1", "pending"));
  const settled = createMemorySettledLeadIds();
  settled.ids = new Set(["s1", "p1"]); // wrong on purpose: it must not be trusted once unreadable
  settled.load = () => Promise.reject(new Error("blobs down"));
  expect(await run({ store, settled })).toEqual({ sent: 1, failed: 0, waiting: 0 });
  expect(get).toHaveBeenCalledTimes(2);
  expect(errors.mock.calls.flat().join(" ")).toMatch(/settled lead ids unreadable/);
});

test("a failed save of the settled ids does not fail the run", async () => {
  const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
  const { store } = await storeWith(lead("p1", "pending"));
  const settled = createMemorySettledLeadIds();
  settled.save = () => Promise.reject(new Error("blobs down"));
  expect(await run({ store, settled })).toEqual({ sent: 1, failed: 0, waiting: 0 });
  expect((await store.get("p1"))?.state).toBe("sent");
  expect(errors.mock.calls.flat().join(" ")).toMatch(/settled lead ids not saved/);
});

test("saved ids of records no longer stored are dropped, and an unchanged set is not rewritten", async () => {
  const { store } = await storeWith(lead("s1", "sent"));
  const settled = createMemorySettledLeadIds();
  settled.ids = new Set(["s1", "deleted"]);
  await run({ store, settled });
  expect(settled.ids).toEqual(new Set(["s1"]));
  const save = jest.spyOn(settled, "save");
  await run({ store, settled });
  expect(save).not.toHaveBeenCalled();
});

test("without a settled set every record is read on every run", async () => {
  const { store, get } = await storeWith(lead("s1", "sent"), lead("s2", "sent"));
  await run({ store });
  await run({ store });
  expect(get).toHaveBeenCalledTimes(4);
});

test("a record read while its request was in flight is left alone, however long the run takes", async () => {
  const { store } = await storeWith(
    lead("old", "pending"),
    lead("new", "pending", { receivedAt: NOW.toISOString(), attempts: 0, lastAttemptAt: undefined }),
  );
  // The run reads at NOW + 30 s; slow sends push later checks to NOW + 3 min.
  let calls = 0;
  const now = () => new Date(NOW.getTime() + (calls++ === 0 ? 30_000 : 180_000));
  const mailer = scriptedMailer();
  expect(await run({ store, mailer, now })).toEqual({ sent: 1, failed: 0, waiting: 1 });
  expect(
    mailer.sent.filter((m) => m.to === TEST_CONFIG.salesEmail).map((m) => m.customArgs?.requestId),
  ).toEqual(["old"]);
});

test("one unreadable record is skipped and reported; the others are still delivered", async () => {
  const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
  const { store, get } = await storeWith(
    lead("p1", "pending"),
    lead("bad", "pending"),
    lead("p2", "pending"),
  );
  const read = get.getMockImplementation()!;
  get.mockImplementation((id) => (id === "bad" ? Promise.reject(new SyntaxError("corrupt JSON")) : read(id)));
  const settled = createMemorySettledLeadIds();
  expect(await run({ store, settled })).toEqual({ sent: 2, failed: 0, waiting: 0 });
  expect(settled.ids).toEqual(new Set(["p1", "p2"]));
  expect(errors.mock.calls.flat().join(" ")).toMatch(/unreadable; skipped this run .*"requestIds":"bad"/);
});

test("records are read at most 50 at a time", async () => {
  const { store, get } = await storeWith(...Array.from({ length: 120 }, (_, i) => lead(`s${i}`, "sent")));
  const read = get.getMockImplementation()!;
  let open = 0;
  let most = 0;
  get.mockImplementation(async (id) => {
    most = Math.max(most, ++open);
    await new Promise((resolve) => setTimeout(resolve, 1));
    open -= 1;
    return read(id);
  });
  await run({ store });
  expect(get).toHaveBeenCalledTimes(120);
  expect(most).toBe(50);
});
