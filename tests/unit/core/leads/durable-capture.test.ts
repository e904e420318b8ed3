/**
 * @jest-environment node
 */
// docs/requirements.md#durable-capture: store first, then send; 200 / 202 pending / 502; idempotency; the
// retry job.
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { IN_FLIGHT_GRACE_MS, retryPendingLeads } from "../../../../netlify/lib/core/delivery/retry-job";
import {
  DOWN as down,
  failingStore,
  harness,
  leadIdOf,
  leadRecord,
  memoryLimits,
  memoryStores,
  runRetryJobNow,
  scriptedMailer,
  sentOfKind,
  TEST_CONFIG,
  VALID,
  testAddOns,
} from "../../../helpers/function-harness";
import { silenceConsole } from "../../../helpers/console";

// A request's idempotency key, and the lead the server makes from it (netlify/lib/core/leads/lead-address.ts). The
// retry job's tests store leads under ID directly: there it is a lead id.
const ID = "0b7e8f5c-3a51-4d6e-9f21-7c4b2a9d1e30";
const LEAD = leadIdOf(ID);

afterEach(() => jest.restoreAllMocks());

test("an accepted request is stored as sent with its confirmation", async () => {
  const { post, store, mailer } = harness();
  const res = await post({ ...VALID, requestId: ID });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true, reference: LEAD });
  expect(mailer.sent.map((m) => m.to)).toEqual([TEST_CONFIG.salesEmail, VALID.email]);
  expect(await store!.get(LEAD)).toMatchObject({
    id: LEAD,
    state: "sent",
    deliveries: { sales: { state: "sent", attempts: 1 }, confirmation: { state: "sent" } },
    request: { email: VALID.email },
  });
});

test("SendGrid down but the request stored: 202 pending, then the retry job delivers exactly once", async () => {
  const consoleErrors = silenceConsole("error");
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer([down, down, down]);
  const { post } = harness({ store, mailer });
  const res = await post({ ...VALID, requestId: ID });
  expect(res.status).toBe(202);
  expect(await res.json()).toEqual({ ok: true, status: "pending", reference: LEAD });
  expect(mailer.calls).toBe(3); // retried within the request
  expect((await store.get(LEAD))?.state).toBe("pending");

  const run = await runRetryJobNow(store, mailer);
  expect(run).toEqual({ sent: 1, failed: 0, waiting: 0 });
  expect(mailer.sent.filter((m) => m.to === TEST_CONFIG.salesEmail)).toHaveLength(1);
  expect(mailer.sent.filter((m) => m.to === VALID.email)).toHaveLength(1);
  expect((await store.get(LEAD))?.state).toBe("sent");
  // A second run has nothing left to do.
  expect(
    await retryPendingLeads({
      addOns: await testAddOns(),
      store,
      mailer,
      config: TEST_CONFIG,
      ignoreBackoff: true,
    }),
  ).toEqual({
    sent: 0,
    failed: 0,
    waiting: 0,
  });
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
});

test("neither stored nor accepted: 502 so the page shows the failure", async () => {
  const consoleErrors = silenceConsole("error");
  const { post } = harness({ store: failingStore, mailer: scriptedMailer([down, down, down]) });
  expect((await post(VALID)).status).toBe(502);
  expect(consoleErrors.text()).toContain("[demo-request] store create failed; sending without a record");
});

test("store down but SendGrid accepts: still 200", async () => {
  const consoleErrors = silenceConsole("error");
  const { post, mailer } = harness({ store: failingStore });
  const res = await post(VALID);
  expect(res.status).toBe(200);
  expect(mailer.sent).toHaveLength(2);
  // Not stored, yet it has a reference: the one sales got.
  const [sales] = sentOfKind(mailer, "sales");
  expect(await res.json()).toEqual({ ok: true, reference: sales.customArgs?.requestId });
  expect(consoleErrors.text()).toContain("[demo-request] store create failed; sending without a record");
});

test("a repeated request id answers 200 again with the same reference, without a second sales e-mail", async () => {
  const { post, mailer } = harness();
  const answers = await Promise.all([post({ ...VALID, requestId: ID }), post({ ...VALID, requestId: ID })]);
  const again = await post({ ...VALID, requestId: ID });
  expect(answers.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ ok: true, reference: LEAD });
  for (const answer of answers) expect(await answer.json()).toMatchObject({ ok: true, reference: LEAD });
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);
});

test("429 with Retry-After is waited for, within the budget", async () => {
  const waits: number[] = [];
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer([
    { status: "retryable", error: "SendGrid answered 429", code: 429, retryAfterMs: 1000 },
  ]);
  const { createDemoRequestHandler } = await import("../../../../netlify/lib/core/demo-request/handler");
  const { addOnsFor } = await import("../../../../netlify/lib/compose");
  const handle = createDemoRequestHandler({
    getConfig: () => ({ ok: true, config: TEST_CONFIG }),
    getAddOns: (config) =>
      addOnsFor(config, { confirmationLimits: () => memoryLimits(), ...memoryStores(store) }),
    getStore: () => store,
    createMailer: () => mailer,
    retry: { minTimeoutMs: 0, sleep: async (ms) => void waits.push(ms) },
  });
  const res = await handle(
    new Request("https://resources.example/api/send-contact-email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(VALID),
    }),
  );
  expect(res.status).toBe(200);
  expect(waits).toHaveLength(1);
  expect(waits[0]).toBeGreaterThanOrEqual(1000);
});

test("after a day of failures the job marks the request failed and logs loudly", async () => {
  const errors = silenceConsole("error");
  const store = createMemoryLeadStore();
  await store.create(
    leadRecord(ID, "pending", {
      receivedAt: "2025-01-01T00:00:00.000Z",
      sales: { attempts: 40, lastAttemptAt: undefined },
    }),
  );
  const mailer = scriptedMailer();
  const run = await retryPendingLeads({
    addOns: await testAddOns(),
    store,
    mailer,
    config: TEST_CONFIG,
    now: () => new Date("2025-01-02T00:00:01.000Z"),
  });
  expect(run.failed).toBe(1);
  expect(sentOfKind(mailer, "sales")).toHaveLength(0);
  expect((await store.get(ID))?.state).toBe("failed");
  expect(errors.mock.calls.flat().join(" ")).toMatch(/LEAD FAILED/);
});

test("the job waits out the backoff and goes oldest first", async () => {
  const store = createMemoryLeadStore();
  const tried = (id: string, receivedAt: string, lastAttemptAt?: string) =>
    leadRecord(id, "pending", { receivedAt, sales: { attempts: 1, lastAttemptAt } });
  await store.create(tried("b", "2025-01-01T00:02:00.000Z"));
  await store.create(tried("a", "2025-01-01T00:01:00.000Z"));
  await store.create(tried("c", "2025-01-01T00:03:00.000Z", "2025-01-01T00:09:30.000Z"));
  const mailer = scriptedMailer();
  const run = await retryPendingLeads({
    addOns: await testAddOns(),
    store,
    mailer,
    config: TEST_CONFIG,
    now: () => new Date("2025-01-01T00:10:00.000Z"),
  });
  expect(run).toEqual({ sent: 2, failed: 0, waiting: 1 });
  const salesIds = mailer.sent
    .filter((m) => m.to === TEST_CONFIG.salesEmail)
    .map((m) => m.customArgs?.requestId);
  expect(salesIds).toEqual(["a", "b"]);
});

test("a failed confirmation does not fail the request; it is logged and left to the retry job", async () => {
  const errors = silenceConsole("error");
  const { post, mailer, store } = harness({ mailer: scriptedMailer([{ status: "sent" }, down, down, down]) });
  const res = await post({ ...VALID, requestId: ID });
  expect(res.status).toBe(200);
  expect(mailer.sent.map((m) => m.to)).toEqual([TEST_CONFIG.salesEmail]);
  expect((await store!.get(LEAD))?.deliveries.confirmation).toMatchObject({ state: "pending", attempts: 3 });
  expect(await store!.pendingIds()).toEqual([LEAD]);
  expect(errors.mock.calls.flat().join(" ")).toMatch(/confirmation not accepted/);
  expect(errors.mock.calls.flat().join(" ")).not.toContain(VALID.email);
});

test("while its request is still sending, the job leaves a new record alone: one sales e-mail", async () => {
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer();
  const send = mailer.send.bind(mailer);
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  mailer.send = async (message) => {
    if (first) {
      first = false;
      await gate; // SendGrid slow to answer the request's own attempt
    }
    return send(message);
  };
  const { post } = harness({ store, mailer });
  const response = post({ ...VALID, requestId: ID });
  // Bounded, so a lead that never appears fails the test instead of keeping Jest's worker alive.
  for (let tries = 0; tries < 2000 && (await store.get(LEAD))?.deliveries.sales.state !== "sending"; tries++)
    await new Promise((resolve) => setTimeout(resolve, 1));
  // The attempt is on record before SendGrid answers.
  expect((await store.get(LEAD))?.deliveries.sales).toMatchObject({ state: "sending", attempts: 0 });

  // A scheduled run (or an operator's `leads:retry`) lands within the 60 s a request may take.
  const soon = () => new Date(Date.now() + 30_000);
  expect(
    await retryPendingLeads({ addOns: await testAddOns(), store, mailer, config: TEST_CONFIG, now: soon }),
  ).toEqual({
    sent: 0,
    failed: 0,
    waiting: 1,
  });
  expect(
    await retryPendingLeads({
      addOns: await testAddOns(),
      store,
      mailer,
      config: TEST_CONFIG,
      now: soon,
      ignoreBackoff: true,
    }),
  ).toEqual({ sent: 0, failed: 0, waiting: 1 });
  release();
  expect((await response).status).toBe(200);
  expect(mailer.sent.filter((m) => m.to === TEST_CONFIG.salesEmail)).toHaveLength(1);
  expect((await store.get(LEAD))?.state).toBe("sent");
});

test("a record whose request never finished is re-sent once the request's time is surely up", async () => {
  const store = createMemoryLeadStore();
  await store.create(
    leadRecord(ID, "pending", {
      receivedAt: "2025-01-01T00:00:00.000Z",
      sales: { attempts: 0, lastAttemptAt: undefined, lastError: undefined },
    }),
  );
  const mailer = scriptedMailer();
  const at = (iso: string) => () => new Date(iso);
  const run = async (iso: string) =>
    retryPendingLeads({ addOns: await testAddOns(), store, mailer, config: TEST_CONFIG, now: at(iso) });
  expect(await run("2025-01-01T00:01:30.000Z")).toEqual({ sent: 0, failed: 0, waiting: 1 });
  expect(mailer.calls).toBe(0);
  expect(
    await run(new Date(Date.parse("2025-01-01T00:00:00.000Z") + IN_FLIGHT_GRACE_MS).toISOString()),
  ).toEqual({
    sent: 1,
    failed: 0,
    waiting: 0,
  });
  expect(mailer.sent.filter((m) => m.to === TEST_CONFIG.salesEmail)).toHaveLength(1);
});
