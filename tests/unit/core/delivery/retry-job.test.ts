/**
 * @jest-environment node
 */
// The retry job (docs/requirements.md#durable-capture, docs/decisions/0019-lead-path.md): it lists pending
// markers, reads only unsettled leads, keeps going when one lead fails, tells refusals from outages, never
// re-sends an attempt in doubt, and alerts a person once per lead.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { IN_FLIGHT_GRACE_MS, retryPendingLeads } from "../../../../netlify/lib/core/delivery/retry-job";
import {
  DOWN,
  leadRecord as lead,
  NO_WAITS,
  REFUSED,
  scriptedMailer,
  sentOfKind,
  TEST_CONFIG,
  testAddOns,
} from "../../../helpers/function-harness";
import { silenceConsole } from "../../../helpers/console";

// Twenty minutes after the leads arrived: past the grace and the backoff, before the overdue alert.
const NOW = new Date("2025-01-01T11:20:00.000Z");

async function storeWith(...records: LeadRecord[]) {
  const store = createMemoryLeadStore();
  for (const record of records) await store.create(record);
  return store;
}

/** A lead stored as settled: the record without its pending marker. */
async function settled(store: ReturnType<typeof createMemoryLeadStore>, record: LeadRecord) {
  await store.create(record);
  await store.settle(record.id);
}

type RunOptions = Partial<Parameters<typeof retryPendingLeads>[0]> &
  Pick<Parameters<typeof retryPendingLeads>[0], "store">;
const run = async (options: RunOptions) =>
  retryPendingLeads({
    mailer: scriptedMailer(),
    addOns: await testAddOns(options.config),
    config: TEST_CONFIG,
    now: () => NOW,
    retry: NO_WAITS,
    ...options,
  });

const salesIds = (mailer: ReturnType<typeof scriptedMailer>) =>
  sentOfKind(mailer, "sales").map((m) => m.customArgs?.requestId);

afterEach(() => jest.restoreAllMocks());

test("a run reads only the leads with a pending marker, and removes the marker once settled", async () => {
  const store = await storeWith(lead("p1", "pending"));
  await settled(store, lead("s1", "sent"));
  await settled(store, lead("s2", "sent"));
  const get = jest.spyOn(store, "get");
  const mailer = scriptedMailer();
  expect(await run({ store, mailer })).toEqual({ sent: 1, failed: 0, waiting: 0 });
  expect(get.mock.calls.map(([id]) => id)).toEqual(["p1"]);
  expect(mailer.sent.map((m) => `${m.customArgs?.kind}:${m.customArgs?.requestId}`)).toEqual([
    "sales:p1",
    "confirmation:p1",
  ]);
  expect(await store.pendingIds()).toEqual([]);
  get.mockClear();
  expect(await run({ store })).toEqual({ sent: 0, failed: 0, waiting: 0 });
  expect(get).not.toHaveBeenCalled();
});

test("a stale marker of a settled lead is removed without a send", async () => {
  const store = await storeWith(lead("s1", "sent"));
  const mailer = scriptedMailer();
  await run({ store, mailer });
  expect(mailer.calls).toBe(0);
  expect(await store.pendingIds()).toEqual([]);
});

test("a marker whose lead was never written is removed after the grace, not before", async () => {
  const store = createMemoryLeadStore();
  store.markers.set("orphan", "2025-01-01T11:19:00.000Z");
  await run({ store });
  expect(await store.pendingIds()).toEqual(["orphan"]);
  await run({ store, now: () => new Date(Date.parse("2025-01-01T11:19:00.000Z") + IN_FLIGHT_GRACE_MS) });
  expect(await store.pendingIds()).toEqual([]);
});

test("one lead whose write throws does not end the run: the others are still delivered", async () => {
  const errors = silenceConsole("error");
  const store = await storeWith(lead("p1", "pending"), lead("bad", "pending"), lead("p2", "pending"));
  const update = jest.spyOn(store, "update");
  const write = update.getMockImplementation()!;
  update.mockImplementation((record) =>
    record.id === "bad" ? Promise.reject(new Error("blobs 500")) : write(record),
  );
  const mailer = scriptedMailer();
  expect(await run({ store, mailer })).toEqual({ sent: 2, failed: 0, waiting: 1 });
  expect(salesIds(mailer)).toEqual(["p1", "p2"]); // nothing is sent for a lead whose attempt cannot be recorded
  expect(logged(errors)).toMatch(/lead update failed .*"requestId":"bad"/);
  expect(await store.pendingIds()).toEqual(["bad"]);
});

test("a lead whose processing throws is logged and skipped; the run goes on", async () => {
  const errors = silenceConsole("error");
  const store = await storeWith(lead("p1", "pending"), lead("p2", "pending"));
  const settle = jest.spyOn(store, "settle");
  settle.mockImplementation(async (id) => {
    if (id === "p1") throw new TypeError("unexpected");
    store.markers.delete(id);
  });
  const mailer = scriptedMailer();
  expect(await run({ store, mailer })).toEqual({ sent: 2, failed: 0, waiting: 0 });
  expect(salesIds(mailer)).toEqual(["p1", "p2"]);
  expect(logged(errors)).toMatch(/pending marker not removed/);
  expect(await store.pendingIds()).toEqual(["p1"]);
  // The next run removes the marker of the now settled lead and sends nothing.
  settle.mockRestore();
  await run({ store, mailer });
  expect(await store.pendingIds()).toEqual([]);
  expect(salesIds(mailer)).toEqual(["p1", "p2"]);
});

test("permanent refusals fail their leads at once and do not stop the run for newer leads", async () => {
  const consoleErrors = silenceConsole("error");
  const store = await storeWith(
    lead("r1", "pending"),
    lead("r2", "pending", { receivedAt: "2025-01-01T11:00:01.000Z" }),
    lead("r3", "pending", { receivedAt: "2025-01-01T11:00:02.000Z" }),
    lead("ok", "pending", { receivedAt: "2025-01-01T11:00:03.000Z" }),
  );
  // Each refused sales e-mail is followed by its lead's alert.
  const mailer = scriptedMailer([REFUSED, { status: "sent" }, REFUSED, { status: "sent" }, REFUSED]);
  expect(await run({ store, mailer })).toEqual({ sent: 1, failed: 3, waiting: 0 });
  expect(salesIds(mailer)).toEqual(["ok"]);
  for (const id of ["r1", "r2", "r3"]) expect((await store.get(id))?.state).toBe("failed");
  expect(sentOfKind(mailer, "alert").map((m) => m.customArgs?.requestId)).toEqual(["r1", "r2", "r3"]);
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted, refused for good");
});

test("three outages in a row stop the channel for the rest of the run; the leads wait", async () => {
  const consoleErrors = silenceConsole("error");
  const ids = ["a", "b", "c", "d"];
  const store = await storeWith(
    ...ids.map((id, i) => lead(id, "pending", { receivedAt: `2025-01-01T11:00:0${i}.000Z` })),
  );
  const mailer = scriptedMailer(Array.from({ length: 9 }, () => DOWN));
  expect(await run({ store, mailer })).toEqual({ sent: 0, failed: 0, waiting: 4 });
  expect(mailer.calls).toBe(9); // a, b and c, three sends each; d is not tried
  expect((await store.get("d"))?.deliveries.sales.attempts).toBe(1);
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
});

test("an attempt cut off before its outcome was recorded: the sales e-mail is sent again, the confirmation never", async () => {
  const consoleErrors = silenceConsole("error");
  const cutOff = { state: "sending", attempts: 0, lastAttemptAt: "2025-01-01T11:00:00.000Z" } as const;
  const store = await storeWith(
    lead("sales-cut", "pending", { sales: cutOff }),
    lead("confirmation-cut", "sent", { confirmation: cutOff }),
  );
  const mailer = scriptedMailer();
  expect(await run({ store, mailer })).toEqual({ sent: 1, failed: 0, waiting: 0 });
  await run({ store, mailer });
  // A duplicate sales e-mail at worst; then the confirmation that waited for it, once.
  expect(mailer.sent.map((m) => `${m.customArgs?.kind}:${m.customArgs?.requestId}`)).toEqual([
    "sales:sales-cut",
    "confirmation:sales-cut",
  ]);
  expect(await store.get("sales-cut")).toMatchObject({
    state: "sent",
    deliveries: { sales: { state: "sent", attempts: 1 }, confirmation: { state: "sent" } },
  });
  expect((await store.get("sales-cut"))?.alert).toBeUndefined();
  // The prospect never gets a second confirmation: it stays in doubt, and sales' lead needs no alert.
  expect(await store.get("confirmation-cut")).toMatchObject({
    state: "sent",
    deliveries: { confirmation: { state: "unconfirmed" } },
  });
  expect((await store.get("confirmation-cut"))?.alert).toBeUndefined();
  expect(await store.pendingIds()).toEqual([]);
  expect(consoleErrors.text()).toMatch(
    /delivery outcome unknown; sent again .*"channel":"sales"[\s\S]*delivery outcome unknown; not sent again .*"channel":"confirmation"/,
  );
});

test("a lead released from spam days after it arrived: every clock runs from the release", async () => {
  const errors = silenceConsole("error");
  const releasedAt = "2025-01-01T11:18:00.000Z"; // two minutes before NOW, three days after arrival
  const store = await storeWith(
    lead("released", "pending", {
      receivedAt: "2024-12-29T11:00:00.000Z",
      released: { at: releasedAt, by: "Ana Smith" },
      sales: { lastAttemptAt: releasedAt },
      confirmation: { state: "skipped" },
    }),
  );
  const mailer = scriptedMailer([DOWN]);
  // Not given up on after a day, and not overdue: a temporary error leaves it to the next run.
  expect(await run({ store, mailer, retry: { ...NO_WAITS, retries: 0 } })).toEqual({
    sent: 0,
    failed: 0,
    waiting: 1,
  });
  expect((await store.get("released"))?.alert).toBeUndefined();
  expect(await run({ store, mailer, now: () => new Date("2025-01-01T11:25:00.000Z") })).toEqual({
    sent: 1,
    failed: 0,
    waiting: 0,
  });
  expect(salesIds(mailer)).toEqual(["released"]);
  expect(sentOfKind(mailer, "alert")).toEqual([]);
  expect(logged(errors)).not.toMatch(/LEAD FAILED/);
  expect(errors.text()).toContain("[demo-request] sales e-mail not accepted");
});

test("a lead read while its request was in flight is left alone, however long the run takes", async () => {
  const store = await storeWith(
    lead("old", "pending"),
    lead("new", "pending", {
      receivedAt: NOW.toISOString(),
      sales: { state: "sending", attempts: 0, lastAttemptAt: NOW.toISOString() },
    }),
  );
  // The run reads at NOW + 30 s; slow sends push later checks to NOW + 3 min.
  let calls = 0;
  const now = () => new Date(NOW.getTime() + (calls++ === 0 ? 30_000 : 180_000));
  const mailer = scriptedMailer();
  expect(await run({ store, mailer, now })).toEqual({ sent: 1, failed: 0, waiting: 1 });
  expect(salesIds(mailer)).toEqual(["old"]);
  expect((await store.get("new"))?.deliveries.sales.state).toBe("sending");
});

test("a lead still pending after ALERT_AFTER_MINUTES gets one overdue alert, however many runs", async () => {
  const errors = silenceConsole("error");
  const store = await storeWith(lead("slow", "pending"));
  const mailer = scriptedMailer(Array.from({ length: 6 }, () => DOWN));
  const at = (minutes: number) => () => new Date(Date.parse("2025-01-01T11:00:00.000Z") + minutes * 60_000);
  await run({ store, mailer, now: at(20), ignoreBackoff: true });
  expect(sentOfKind(mailer, "alert")).toHaveLength(0);
  await run({ store, mailer, now: at(31), ignoreBackoff: true });
  await run({ store, mailer, now: at(45), ignoreBackoff: true });
  expect(sentOfKind(mailer, "alert").map((m) => m.customArgs?.requestId)).toEqual(["slow"]);
  expect((await store.get("slow"))?.alert).toMatchObject({ reason: "overdue", via: "email" });
  expect(logged(errors)).not.toMatch(/LEAD FAILED/);
  expect(errors.text()).toContain("[demo-request] sales e-mail not accepted");
});

test("SendGrid down (breaker open): the overdue alert is a LEAD FAILED log line at once", async () => {
  const errors = silenceConsole("error");
  const store = await storeWith(lead("slow", "pending"));
  const mailer = scriptedMailer(Array.from({ length: 3 }, () => DOWN));
  await run({
    store,
    mailer,
    now: () => new Date("2025-01-01T12:00:00.000Z"),
    retry: { ...NO_WAITS, retries: 2 },
  });
  // One lead's three sends are not yet three leads' failures: the alert was still tried by e-mail.
  expect(mailer.calls).toBe(4);
  expect((await store.get("slow"))?.alert?.via).toBe("email");

  const many = await storeWith(...["a", "b", "c"].map((id) => lead(id, "pending")));
  const down = scriptedMailer(Array.from({ length: 20 }, () => DOWN));
  await run({
    store: many,
    mailer: down,
    now: () => new Date("2025-01-01T12:00:00.000Z"),
    retry: { ...NO_WAITS, retries: 0 },
  });
  // a, b, c fail once each; a's and b's alerts went by e-mail (and failed), c's straight to the log.
  expect(logged(errors).match(/LEAD FAILED/g)).toHaveLength(3);
  expect(down.calls).toBe(5);
});

test("a lead whose confirmation failed gets it from the job, without a second sales e-mail", async () => {
  const store = await storeWith(
    lead("c1", "sent", { confirmation: { state: "pending", attempts: 3, lastError: DOWN.error } }),
  );
  const mailer = scriptedMailer();
  expect(await run({ store, mailer })).toEqual({ sent: 0, failed: 0, waiting: 0 });
  expect(mailer.sent.map((m) => m.customArgs?.kind)).toEqual(["confirmation"]);
  expect((await store.get("c1"))?.deliveries.confirmation.state).toBe("sent");
  expect(await store.pendingIds()).toEqual([]);
});

test("one unreadable record is skipped and reported; the others are still delivered", async () => {
  const errors = silenceConsole("error");
  const store = await storeWith(lead("p1", "pending"), lead("bad", "pending"), lead("p2", "pending"));
  const get = jest.spyOn(store, "get");
  const read = get.getMockImplementation()!;
  get.mockImplementation((id) => (id === "bad" ? Promise.reject(new SyntaxError("corrupt JSON")) : read(id)));
  expect(await run({ store })).toEqual({ sent: 2, failed: 0, waiting: 0 });
  expect(logged(errors)).toMatch(/unreadable; skipped this run .*"requestIds":"bad"/);
  expect(await store.pendingIds()).toEqual(["bad"]);
});

test("malformed records are skipped, logged and alerted once; the others are still delivered", async () => {
  const errors = silenceConsole("error");
  const store = await storeWith(lead("p1", "pending"), lead("p2", "pending"));
  const bad = { string: "a lead", array: [lead("array", "pending")], email: { ...lead("email", "pending") } };
  bad.email.request = { ...bad.email.request, email: 42 as unknown as string };
  for (const [id, data] of Object.entries(bad)) {
    store.markers.set(id, "2025-01-01T11:00:00.000Z");
    store.records.set(id, data as unknown as LeadRecord);
  }
  const notes = createMemoryBlobs();
  const mailer = scriptedMailer();
  expect(await run({ store, mailer, malformedNotes: notes })).toEqual({ sent: 2, failed: 0, waiting: 0 });
  expect(salesIds(mailer)).toEqual(["p1", "p2"]);
  expect(sentOfKind(mailer, "alert").map((m) => m.customArgs?.requestId)).toEqual(Object.keys(bad));
  for (const id of Object.keys(bad)) {
    expect(logged(errors)).toContain(`the retry job skipped it {"requestId":"${id}"}`);
  }
  expect(logged(errors)).not.toContain("unreadable; skipped this run");
  await run({ store, mailer, malformedNotes: notes });
  expect(sentOfKind(mailer, "alert")).toHaveLength(3);
  expect((await store.pendingIds()).sort()).toEqual(["array", "email", "string"]);
});

test("leads are read at most 50 at a time", async () => {
  const store = await storeWith(...Array.from({ length: 120 }, (_, i) => lead(`s${i}`, "sent")));
  const get = jest.spyOn(store, "get");
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

test("the retry job imports nothing from the request handler", () => {
  const lib = join(__dirname, "../../../../netlify/lib");
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, path] of source.matchAll(/from "(\.{1,2}\/[^"]+)"/g))
      visit(join(dirname(file), `${path}.ts`));
  };
  visit(join(lib, "core", "delivery", "retry-job.ts"));
  const reached = [...seen].map((file) => relative(lib, file));
  expect(reached).not.toContain(join("core", "demo-request", "handler.ts"));
  expect(seen.size).toBeGreaterThan(3);
});

function logged(spy: jest.SpyInstance): string {
  return spy.mock.calls.flat().join("\n");
}
