/**
 * @jest-environment node
 */
// Delivery you can trust and a failed lead reaching a person (docs/requirements.md#lead-path-and-alerts),
// on the request path:
// the attempt is recorded before SendGrid is asked, the outcome write is retried and otherwise
// logged as SENT-UNRECORDED (and sent again by the job: a duplicate, never a loss), a permanent refusal fails the lead
// at once, and a lead that was not delivered produces one alert.
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { retryPendingLeads } from "../../../../netlify/lib/core/delivery/retry-job";
import {
  DOWN,
  harness,
  leadIdOf,
  memoryLimits,
  NO_WAITS,
  REFUSED,
  runRetryJobNow,
  scriptedMailer,
  sentOfKind,
  TEST_CONFIG,
  VALID,
  testAddOns,
} from "../../../helpers/function-harness";
import { silenceConsole } from "../../../helpers/console";

const ID = "5d0c3f4e-8a2b-4c6d-9e1f-2a3b4c5d6e7f";
// The lead the server makes from that key (netlify/lib/core/leads/lead-address.ts): what the store, the logs and the
// alert name.
const LEAD = leadIdOf(ID);
const logged = (spy: jest.SpyInstance) => spy.mock.calls.flat().join("\n");

afterEach(() => jest.restoreAllMocks());

test("the sales attempt is on record (state 'sending') before SendGrid is asked", async () => {
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer();
  const seen: (string | undefined)[] = [];
  const send = mailer.send.bind(mailer);
  mailer.send = async (message) => {
    seen.push(
      (await store.get(LEAD))?.deliveries[message.customArgs?.kind === "sales" ? "sales" : "confirmation"]
        .state,
    );
    return send(message);
  };
  await harness({ store, mailer }).post({ ...VALID, requestId: ID });
  expect(seen).toEqual(["sending", "sending"]);
  expect((await store.get(LEAD))?.deliveries).toMatchObject({
    sales: { state: "sent" },
    confirmation: { state: "sent" },
  });
});

test("a failed write after an accepted send is retried, and the outcome is kept", async () => {
  const store = createMemoryLeadStore();
  const update = jest.spyOn(store, "update");
  const write = update.getMockImplementation()!;
  update.mockImplementationOnce(write).mockRejectedValueOnce(new Error("blobs blip"));
  const res = await harness({ store }).post({ ...VALID, requestId: ID });
  expect(res.status).toBe(200);
  expect((await store.get(LEAD))?.state).toBe("sent");
  expect(await store.pendingIds()).toEqual([]);
});

test("the outcome write failing for good logs SENT-UNRECORDED; the job sends the sales e-mail once more, a duplicate rather than a lost lead", async () => {
  const errors = silenceConsole("error");
  const store = createMemoryLeadStore();
  const update = jest.spyOn(store, "update");
  const write = update.getMockImplementation()!;
  // The attempt is recorded; every write after SendGrid accepted fails (Blobs went down).
  update.mockImplementation(async (lead) => {
    if (lead.deliveries.sales.state === "sending") return write(lead);
    throw new Error("blobs down");
  });
  const mailer = scriptedMailer();
  const res = await harness({ store, mailer }).post({ ...VALID, requestId: ID });
  expect(res.status).toBe(200);
  expect(logged(errors)).toContain(`SENT-UNRECORDED ${LEAD}`);
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);

  // Blobs is back; runs after the grace find the attempt without an outcome and send it once more.
  update.mockImplementation(write);
  const later = () => new Date(Date.now() + 10 * 60_000);
  for (let run = 0; run < 3; run += 1) {
    await runRetryJobNow(store, mailer, { now: later });
  }
  expect(sentOfKind(mailer, "sales")).toHaveLength(2);
  const lead = await store.get(LEAD);
  expect(lead).toMatchObject({ state: "sent", deliveries: { sales: { state: "sent" } } });
  expect(lead?.alert).toBeUndefined();
  expect(await store.pendingIds()).toEqual([]);
  expect(logged(errors)).toContain("delivery outcome unknown; sent again");
});

test("a permanent refusal (4xx) fails the lead at once: 202, one alert, nothing left for the job", async () => {
  const consoleErrors = silenceConsole("error");
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer([REFUSED]);
  const res = await harness({ store, mailer }).post({ ...VALID, requestId: ID });
  expect(res.status).toBe(202);
  expect(mailer.calls).toBe(2); // the refused sales e-mail, not retried; then the alert
  const lead = await store.get(LEAD);
  expect(lead).toMatchObject({
    state: "failed",
    deliveries: {
      sales: { state: "failed", lastError: "SendGrid answered 400" },
      confirmation: { state: "skipped" },
    },
    alert: { reason: "failed", via: "email" },
  });
  const [alert] = sentOfKind(mailer, "alert");
  expect(alert.to).toBe(TEST_CONFIG.alertEmail);
  expect(alert.subject).toContain(LEAD);
  expect(alert.customArgs?.requestId).toBe(LEAD);
  // The lead's id, never the key the client sent.
  expect(`${alert.subject}${alert.text}${alert.html}`).not.toContain(ID);
  expect(await store.pendingIds()).toEqual([]);
  await runRetryJobNow(store, mailer);
  expect(mailer.calls).toBe(2);
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted, refused for good");
});

test("the alert holds nothing the visitor typed", async () => {
  const consoleErrors = silenceConsole("error");
  const mailer = scriptedMailer([REFUSED]);
  const values = { ...VALID, message: "Call me about the Co-Pilot" };
  await harness({ mailer }).post({ ...values, requestId: ID });
  const [alert] = sentOfKind(mailer, "alert");
  for (const value of Object.values(values).filter(Boolean)) {
    expect(alert.text).not.toContain(value);
    expect(alert.html).not.toContain(value);
  }
  expect(alert.replyTo).toBeUndefined();
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted, refused for good");
});

test("SendGrid refusing the alert too: the alert is a LEAD FAILED log line, recorded, never repeated", async () => {
  const errors = silenceConsole("error");
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer([REFUSED, REFUSED]);
  await harness({ store, mailer }).post({ ...VALID, requestId: ID });
  expect(logged(errors)).toMatch(new RegExp(`LEAD FAILED ${LEAD}`));
  expect(logged(errors)).not.toContain(ID);
  expect((await store.get(LEAD))?.alert).toMatchObject({ reason: "failed", via: "log" });
  await runRetryJobNow(store, mailer);
  expect(mailer.calls).toBe(2);
  expect(logged(errors).match(/LEAD FAILED/g)).toHaveLength(1);
});

test("a 503 is not a refusal: the lead stays pending for the job, with no alert yet", async () => {
  const consoleErrors = silenceConsole("error");
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer([DOWN, DOWN, DOWN]);
  expect((await harness({ store, mailer }).post({ ...VALID, requestId: ID })).status).toBe(202);
  expect(mailer.calls).toBe(3);
  expect(await store.get(LEAD)).toMatchObject({ state: "pending", deliveries: { sales: { attempts: 3 } } });
  expect((await store.get(LEAD))?.alert).toBeUndefined();
  expect(await store.pendingIds()).toEqual([LEAD]);
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
});

test("a repeated id of a settled lead leaves no pending marker behind", async () => {
  const store = createMemoryLeadStore();
  const { post, mailer } = harness({ store });
  await post({ ...VALID, requestId: ID });
  expect((await post({ ...VALID, requestId: ID })).status).toBe(200);
  expect(await store.pendingIds()).toEqual([]);
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);
});

test("a lead records when it settled (retention counts from it); a pending one does not", async () => {
  const consoleErrors = silenceConsole("error");
  const at = new Date("2025-03-01T09:00:00.000Z");
  const store = createMemoryLeadStore();
  await harness({ store, now: () => at }).post({ ...VALID, requestId: ID });
  expect((await store.get(LEAD))?.settledAt).toBe(at.toISOString());
  const other = "6e1d4f5a-9b3c-4d7e-8f20-3b4c5d6e7f80";
  await harness({ store, mailer: scriptedMailer([DOWN, DOWN, DOWN]) }).post({ ...VALID, requestId: other });
  expect((await store.get(leadIdOf(other)))?.settledAt).toBeUndefined();
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
});

test("a confirmation SendGrid did not accept is sent by the retry job, within the bounds it reserved once", async () => {
  const consoleErrors = silenceConsole("error");
  const store = createMemoryLeadStore();
  const limits = memoryLimits();
  const mailer = scriptedMailer([{ status: "sent" }, DOWN, DOWN, DOWN]);
  expect((await harness({ store, mailer, limits }).post({ ...VALID, requestId: ID })).status).toBe(200);
  expect(await store.pendingIds()).toEqual([LEAD]);

  const later = () => new Date(Date.now() + 10 * 60_000);
  await retryPendingLeads({
    store,
    mailer,
    addOns: await testAddOns(TEST_CONFIG, limits),
    config: TEST_CONFIG,
    now: later,
    retry: NO_WAITS,
  });
  expect(sentOfKind(mailer, "confirmation").map((m) => m.to)).toEqual([VALID.email]);
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);
  expect(await store.pendingIds()).toEqual([]);

  // The address's one confirmation a day is spent: a new request from it gets none.
  const other = "7f2e5a6b-0c4d-4e8f-9a31-4c5d6e7f8091";
  await harness({ store, mailer, limits }).post({ ...VALID, requestId: other });
  expect(sentOfKind(mailer, "confirmation")).toHaveLength(1);
  expect((await store.get(leadIdOf(other)))?.deliveries.confirmation.state).toBe("skipped");
  expect(consoleErrors.text()).toContain("[demo-request] confirmation not accepted");
});
