/**
 * @jest-environment node
 */
// The lead webhook as a delivery channel of its own (docs/decisions/0022-lead-webhook-channel.md): beside the
// sales e-mail, neither waiting for the other, finished after the visitor's answer
// (docs/decisions/0039-work-after-the-answer.md), retried by the same job with backoff (simulated clock), posted
// again under the same webhook-id only when an attempt's outcome was lost, alerts included. SendGrid is a scripted mailer; the webhook is the local webhook
// sink over real HTTP.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import type { AddOn } from "../../../../netlify/lib/core/add-on";
import { webhookAddOn } from "../../../../netlify/lib/add-ons/webhook/add-on";
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import { issueFormToken } from "../../../../netlify/lib/core/spam/form-token";
import type { LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import type { Mailer, MailMessage, SendResult } from "../../../../netlify/lib/core/delivery/mailer";
import { retryPendingLeads } from "../../../../netlify/lib/core/delivery/retry-job";
import { setUpWebhookSink } from "../../../helpers/webhook-sink";
import { HONEYPOT_FIELD } from "../../../../src/lib/demo-request";
import {
  DOWN,
  harness,
  leadIdOf,
  leadRecord,
  NO_WAITS,
  REFUSED,
  scriptedMailer,
  sentOfKind,
  TEST_CONFIG,
  VALID,
  testAddOns,
} from "../../../helpers/function-harness";
import { silenceConsole } from "../../../helpers/console";

// A request's idempotency key, and the lead the server makes from it (netlify/lib/core/leads/lead-address.ts): the
// webhook-id, the event's `data.id` and the store's key. Leads the tests store themselves use ID as their id.
const ID = "7e1d2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b";
const LEAD = leadIdOf(ID);
const T0 = new Date("2025-01-01T11:00:00.000Z");
const at = (minutes: number) => () => new Date(T0.getTime() + minutes * 60_000);
const ATTRIBUTION = { landing_path: "/", utm_source: "linkedin", utm_campaign: "q4" };

const sink = setUpWebhookSink();
let webhookConfig: Partial<ServerConfig>;

beforeEach(() => {
  webhookConfig = { leadWebhook: { url: sink.url, format: "slack", timeoutMs: 2000 } };
});
afterEach(() => jest.restoreAllMocks());

const deliveriesFor = (id: string) => sink.deliveries().filter((d) => d.headers["webhook-id"] === id);
const job = async (store: ReturnType<typeof createMemoryLeadStore>, mailer: Mailer, now: () => Date) =>
  retryPendingLeads({
    store,
    mailer,
    addOns: await testAddOns({ ...TEST_CONFIG, ...webhookConfig }),
    config: { ...TEST_CONFIG, ...webhookConfig },
    now,
    retry: NO_WAITS,
  });

/** Resolves once `condition()` holds (checked every 10 ms); the test's own timeout bounds it. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;

/** A receiver that holds every post until `answer(status)`, then answers it and all later ones with `status`. */
async function heldReceiver() {
  const waiting: ServerResponse[] = [];
  let status: number | undefined;
  const reply = (res: ServerResponse) => res.writeHead(status!).end();
  const server = createServer((req, res) => {
    req.resume();
    if (status === undefined) waiting.push(res);
    else reply(res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    held: () => waiting.length,
    answer(code: number) {
      status = code;
      waiting.splice(0).forEach(reply);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A mailer whose sends wait until `release()`, to show that nothing else waits for them. */
function heldMailer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let called!: () => void;
  const firstCall = new Promise<void>((resolve) => (called = resolve));
  const mailer = scriptedMailer();
  const send = mailer.send.bind(mailer);
  mailer.send = async (message: MailMessage): Promise<SendResult> => {
    called();
    await released;
    return send(message);
  };
  return { mailer, release, firstCall };
}

test("e-mail down, webhook up: the webhook has the lead with its source at once; the job sends the e-mail later, and the webhook not again", async () => {
  const consoleErrors = silenceConsole("error");
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer([DOWN, DOWN, DOWN]);
  const res = await harness({ store, mailer, now: at(0), config: webhookConfig }).post({
    ...VALID,
    requestId: ID,
    attribution: ATTRIBUTION,
  });
  expect(res.status).toBe(202);
  expect(deliveriesFor(LEAD)).toHaveLength(1);
  expect(deliveriesFor(LEAD)[0].raw).toContain("utm_source: linkedin");
  expect((await store.get(LEAD))?.deliveries).toMatchObject({
    sales: { state: "pending" },
    webhook: { state: "sent" },
  });
  expect((await store.get(LEAD))?.attribution).toEqual(ATTRIBUTION);

  await job(store, mailer, at(5));
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);
  expect(deliveriesFor(LEAD)).toHaveLength(1);
  expect(await store.pendingIds()).toEqual([]);
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
});

test("webhook down, e-mail up: the visitor's answer is a success, the e-mail goes at once, the job delivers the webhook later with the same webhook-id, and the e-mail not again", async () => {
  const consoleErrors = silenceConsole("error");
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer();
  sink.setMode({ status: 503 });
  const res = await harness({ store, mailer, now: at(0), config: webhookConfig }).post({
    ...VALID,
    requestId: ID,
  });
  expect(res.status).toBe(200);
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);
  expect((await store.get(LEAD))?.deliveries.webhook).toMatchObject({
    state: "pending",
    lastError: "Webhook answered 503",
  });

  // Before its backoff the job leaves the webhook alone; after it, it delivers once.
  sink.setMode({ status: 200 });
  await job(store, mailer, at(0.5));
  expect(deliveriesFor(LEAD)).toHaveLength(0);
  await job(store, mailer, at(10));
  expect(deliveriesFor(LEAD)).toHaveLength(1);
  await job(store, mailer, at(60));
  expect(deliveriesFor(LEAD)).toHaveLength(1);
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);
  expect(sentOfKind(mailer, "confirmation")).toHaveLength(1);
  expect(await store.pendingIds()).toEqual([]);
  expect(consoleErrors.text()).toContain("[demo-request] lead webhook not accepted");
});

test("a SendGrid that does not answer does not delay the webhook", async () => {
  const { mailer, release, firstCall } = heldMailer();
  const answer = harness({ mailer, now: at(0), config: webhookConfig }).post({ ...VALID, requestId: ID });
  await firstCall;
  await until(() => deliveriesFor(LEAD).length === 1);
  release();
  expect((await answer).status).toBe(200);
});

/** A platform context whose `waitUntil` collects the work a handler leaves for after its answer. */
function afterAnswer() {
  const work: Promise<unknown>[] = [];
  return { context: { waitUntil: (promise: Promise<unknown>) => void work.push(promise) }, work };
}

test("a receiver that never answers: the answer comes once the sales e-mail is accepted; the webhook, after it, is left to the job", async () => {
  const consoleErrors = silenceConsole("error");
  sink.setMode({ status: "hang" });
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer();
  webhookConfig = { leadWebhook: { url: sink.url, format: "standard", secret: SECRET, timeoutMs: 1000 } };
  const { context, work } = afterAnswer();
  const res = await harness({ store, mailer, now: at(0), config: webhookConfig }).post(
    { ...VALID, requestId: ID },
    {},
    context,
  );
  expect(res.status).toBe(200);
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);
  // Answered while the post is still open: its attempt is on record, its outcome not yet.
  expect((await store.get(LEAD))?.deliveries).toMatchObject({
    sales: { state: "sent" },
    webhook: { state: "sending" },
  });
  expect(work).toHaveLength(1);

  await Promise.all(work);
  expect((await store.get(LEAD))?.deliveries.webhook).toMatchObject({
    state: "pending",
    lastError: "Webhook timed out",
  });
  expect(sentOfKind(mailer, "confirmation")).toHaveLength(1);
  sink.setMode({ status: 200 });
  await job(store, mailer, at(5));
  expect(deliveriesFor(LEAD)).toHaveLength(1);
  expect((await store.get(LEAD))?.deliveries.webhook.state).toBe("sent");
  expect(consoleErrors.text()).toContain("[demo-request] lead webhook not accepted");
});

test("a receiver answering 503 late: the visitor's answer does not wait for it", async () => {
  const consoleErrors = silenceConsole("error");
  const receiver = await heldReceiver();
  try {
    const store = createMemoryLeadStore();
    webhookConfig = { leadWebhook: { url: receiver.url, format: "slack", timeoutMs: 5000 } };
    const { context, work } = afterAnswer();
    const res = await harness({ store, now: at(0), config: webhookConfig }).post(
      { ...VALID, requestId: ID },
      {},
      context,
    );
    expect(res.status).toBe(200);
    expect((await store.get(LEAD))?.deliveries.webhook.state).toBe("sending");
    await until(() => receiver.held() === 1);
    receiver.answer(503);
    await Promise.all(work);
    expect((await store.get(LEAD))?.deliveries.webhook).toMatchObject({
      state: "pending",
      attempts: 3,
      lastError: "Webhook answered 503",
    });
    expect(consoleErrors.text()).toContain("[demo-request] lead webhook not accepted");
  } finally {
    await receiver.close();
  }
});

test("the job's SendGrid breaker does not stop webhook deliveries", async () => {
  const consoleErrors = silenceConsole("error");
  const store = createMemoryLeadStore();
  const leads: LeadRecord[] = ["a", "b", "c", "d", "e"].map((id) => leadRecord(id, "pending"));
  for (const lead of leads) await store.create(lead);
  const mailer = scriptedMailer(Array.from({ length: 30 }, () => DOWN));
  await job(store, mailer, at(20));
  expect(mailer.calls).toBeLessThan(30); // the breaker opened for the e-mail...
  for (const lead of leads) expect(deliveriesFor(lead.id)).toHaveLength(1); // ...not for the webhook
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
});

test("a webhook attempt cut off before its outcome was recorded is posted again once, under the same webhook-id", async () => {
  const consoleErrors = silenceConsole("error");
  const store = createMemoryLeadStore();
  await store.create(
    leadRecord(ID, "sent", {
      webhook: { state: "sending", attempts: 0, lastAttemptAt: "2025-01-01T11:00:01.000Z" },
    }),
  );
  for (const minutes of [1, 10, 60]) await job(store, scriptedMailer(), at(minutes));
  expect(deliveriesFor(ID)).toHaveLength(1);
  expect((await store.get(ID))?.deliveries.webhook.state).toBe("sent");
  expect(consoleErrors.text()).toContain("[demo-request] delivery outcome unknown; sent again");
});

test("a repeated request id posts nothing again", async () => {
  const store = createMemoryLeadStore();
  const { post } = harness({ store, now: at(0), config: webhookConfig });
  await post({ ...VALID, requestId: ID });
  await post({ ...VALID, requestId: ID });
  expect(deliveriesFor(LEAD)).toHaveLength(1);
  expect(sink.deliveries()).toHaveLength(1);
});

test("a refused webhook (e.g. a revoked URL) fails that channel at once, not the lead", async () => {
  const consoleErrors = silenceConsole("error");
  const store = createMemoryLeadStore();
  sink.setMode({ status: 404 });
  const res = await harness({ store, now: at(0), config: webhookConfig }).post({ ...VALID, requestId: ID });
  expect(res.status).toBe(200);
  const lead = await store.get(LEAD);
  expect(lead?.state).toBe("sent");
  expect(lead?.deliveries.webhook).toMatchObject({ state: "failed", lastError: "Webhook answered 404" });
  sink.setMode({ status: 200 });
  await job(store, scriptedMailer(), at(30));
  expect(deliveriesFor(LEAD)).toHaveLength(0);
  expect(consoleErrors.text()).toContain("[demo-request] lead webhook refused for good");
});

test("without LEAD_WEBHOOK_URL a lead holds no webhook delivery, nothing is posted and it settles", async () => {
  const store = createMemoryLeadStore();
  await harness({ store, now: at(0) }).post({ ...VALID, requestId: ID });
  expect((await store.get(LEAD))?.deliveries.webhook).toBeUndefined();
  expect(sink.deliveries()).toHaveLength(0);
  expect(await store.pendingIds()).toEqual([]);
});

// docs/decisions/0043-plugins.md: a lead keeps the channels loaded at its arrival.
test("a lead still pending when the webhook is turned on is not posted backwards", async () => {
  const store = createMemoryLeadStore();
  const { webhook: _webhook, ...deliveries } = leadRecord(LEAD, "pending").deliveries;
  await store.create({ ...leadRecord(LEAD, "pending"), receivedAt: at(0)().toISOString(), deliveries });
  await job(store, scriptedMailer(), at(5));
  expect(deliveriesFor(LEAD)).toHaveLength(0);
  expect((await store.get(LEAD))?.state).toBe("sent");
  expect(await store.pendingIds()).toEqual([]);
});

test("a webhook delivery still pending when the webhook is turned off is skipped, said once, and leads settle", async () => {
  const log = jest.spyOn(console, "log").mockImplementation(() => undefined);
  const errors = silenceConsole("error");
  const store = createMemoryLeadStore();
  sink.setMode({ status: 503, times: 20 });
  const ids = [ID, "3c2b1a0f-9e8d-4c7b-8a6f-5e4d3c2b1a0f"];
  for (const requestId of ids)
    await harness({ store, now: at(0), config: webhookConfig }).post({ ...VALID, requestId });
  expect((await store.get(LEAD))?.deliveries.webhook).toMatchObject({ state: "pending" });
  webhookConfig = {};
  await job(store, scriptedMailer(), at(30));
  for (const id of ids.map(leadIdOf))
    expect((await store.get(id))?.deliveries.webhook).toMatchObject({
      state: "skipped",
      lastError: "webhook is off",
    });
  expect(await store.pendingIds()).toEqual([]);
  expect(log.mock.calls.flat().filter((line) => String(line).includes("webhook off"))).toHaveLength(1);
  expect(errors.mock.calls.flat().join("\n")).toMatch(/lead webhook not accepted/);
});

test("standard format: the receiver verifies each attempt, and a retry keeps the webhook-id", async () => {
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  webhookConfig = { leadWebhook: { url: sink.url, format: "standard", secret, timeoutMs: 2000 } };
  sink.setMode({ status: 503, times: 1 });
  await harness({ now: () => new Date(), config: webhookConfig }).post({
    ...VALID,
    requestId: ID,
    attribution: ATTRIBUTION,
  });
  const [delivery] = deliveriesFor(LEAD);
  const verified = new Webhook(secret).verify(delivery.raw, delivery.headers);
  expect(verified).toMatchObject({
    type: "lead.received",
    data: { id: LEAD, email: VALID.email, attribution: ATTRIBUTION },
  });
  // Every attempt names the lead the server made, never the key the client sent.
  expect(sink.deliveries().length).toBeGreaterThan(0);
  for (const attempt of sink.deliveries()) {
    expect(attempt.headers["webhook-id"]).toBe(LEAD);
    expect(attempt.raw).not.toContain(ID);
  }
});

test("a lead whose sales e-mail is refused alerts the webhook too, once", async () => {
  const consoleErrors = silenceConsole("error");
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer([REFUSED]);
  await harness({ store, mailer, now: at(0), config: webhookConfig }).post({ ...VALID, requestId: ID });
  for (const minutes of [5, 60]) await job(store, mailer, at(minutes));
  const alerts = deliveriesFor(`${LEAD}.alert`);
  expect(alerts).toHaveLength(1);
  expect(alerts[0].raw).toContain("Demo request needs attention");
  expect((await store.get(LEAD))?.alert).toMatchObject({ reason: "failed", webhook: "sent" });
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted, refused for good");
});

describe("with the spam layers", () => {
  const OTHER = "3c2b1a0f-9e8d-4c7b-8a6f-5e4d3c2b1a0f";
  const OTHER_LEAD = leadIdOf(OTHER);

  test("a suspected lead is posted like any lead, marked '[Suspected spam]' with the reason", async () => {
    const store = createMemoryLeadStore();
    const formToken = issueFormToken(TEST_CONFIG.formSecret, new Date(T0.getTime() - 800));
    await harness({ store, now: at(0), config: webhookConfig }).post({ ...VALID, formToken, requestId: ID });
    const [delivery] = deliveriesFor(LEAD);
    expect(delivery.raw).toContain("[Suspected spam] New demo request: Jane Driller (Acme Mining)");
    expect(delivery.raw).toContain(
      '"text":"*Suspected spam*"}},{"type":"section","text":{"type":"plain_text","text":"sent 0.8 s after the form loaded',
    );
    expect((await store.get(LEAD))?.deliveries.webhook).toMatchObject({ state: "sent" });
  });

  test("a filled honeypot is never posted, neither at once nor by the retry job", async () => {
    const store = createMemoryLeadStore();
    await harness({ store, now: at(0), config: webhookConfig }).post({
      ...VALID,
      [HONEYPOT_FIELD]: "http://spam.example",
      requestId: OTHER,
    });
    expect((await store.get(OTHER_LEAD))?.deliveries.webhook).toMatchObject({ state: "skipped" });
    await job(store, scriptedMailer(), at(30));
    expect(deliveriesFor(OTHER_LEAD)).toHaveLength(0);
    expect(deliveriesFor(`${OTHER_LEAD}.alert`)).toHaveLength(0);
  });

  test("a spam lead stored before the webhook existed does not gain a pending webhook", async () => {
    const store = createMemoryLeadStore();
    await harness({ store, now: at(0) }).post({ ...VALID, [HONEYPOT_FIELD]: "x", requestId: OTHER });
    const old = (await store.get(OTHER_LEAD))!;
    const { webhook: _webhook, ...before } = old.deliveries;
    store.records.set(OTHER_LEAD, { ...old, deliveries: before });
    expect((await store.get(OTHER_LEAD))?.deliveries.webhook).toBeUndefined();
  });
});

test.each(["slack", "teams", "standard"] as const)(
  "%s: a new lead's message carries the add-ons' lead lines near the top, escaped for its format",
  async (format) => {
    const line = "Same e-mail domain: 2 open requests at a<b>&c.example, owner <!channel> Ben & Co";
    const lines: AddOn = { name: "company match", leadLines: async () => [line] };
    const config = {
      ...TEST_CONFIG,
      leadWebhook: {
        url: sink.url,
        format,
        timeoutMs: 2000,
        ...(format === "standard" ? { secret: SECRET } : {}),
      },
    };
    const lead = leadRecord(ID, "pending");
    const result = await webhookAddOn.channel!.channel.send(lead, {
      config,
      mailer: scriptedMailer(),
      addOns: [lines, webhookAddOn],
      now: at(0),
      retry: NO_WAITS,
    });
    expect(result.status).toBe("sent");
    const [{ body, raw }] = sink.deliveries() as { body: unknown; raw: string }[];
    if (format === "slack") {
      const blocks = (body as { blocks: { type: string; text?: { type: string; text: string } }[] }).blocks;
      expect(blocks[1].text).toEqual({
        type: "plain_text",
        text: "Same e-mail domain: 2 open requests at a&lt;b&gt;&amp;c.example, owner &lt;!channel&gt; Ben &amp; Co",
        emoji: false,
      });
      expect(raw).not.toContain("<!channel>");
    } else if (format === "teams") {
      const card = (body as { attachments: { content: { body: unknown[] } }[] }).attachments[0].content;
      // A TextRun renders no Markdown: the line is shown as typed, right after the title.
      expect(card.body[1]).toEqual({ type: "RichTextBlock", inlines: [{ type: "TextRun", text: line }] });
    } else {
      expect((body as { data: { lines: string[] } }).data.lines).toEqual([line]);
    }
  },
);
