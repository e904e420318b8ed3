/**
 * @jest-environment node
 */
// docs/requirements.md#lead-path-and-alerts: every SendGrid answer is sent, retryable (429, 5xx, timeout, no
// connection) or permanent (any other 4xx), through the real client against the local SendGrid-compatible
// server; only retryable answers are retried in the request, with p-retry's backoff.
import {
  createSendGridMailer,
  sendWithRetry,
  type Mailer,
} from "../../../../netlify/lib/core/delivery/mailer";
import { buildSalesEmail } from "../../../../netlify/lib/core/delivery/sales-email";
import { DOWN, NO_WAITS, scriptedMailer, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { startSendGridTestServer, type MailSink, type SinkMode } from "../../../helpers/sendgrid-test-server";

let sink: MailSink;
beforeAll(async () => {
  sink = await startSendGridTestServer({ apiKey: TEST_CONFIG.sendgridApiKey });
});
afterAll(() => sink.close());
beforeEach(() => sink.setMode({ status: 202 }));
afterEach(() => jest.restoreAllMocks());

const message = buildSalesEmail(VALID, {
  salesEmail: TEST_CONFIG.salesEmail,
  mailFrom: TEST_CONFIG.mailFrom,
  receivedAt: new Date("2025-01-01T00:00:00.000Z"),
  requestId: "r1",
});
// The client's timeout is what turns a hang into "timed out". A server that answers must never
// meet it, however slow a loaded host is, so answered cases get far more time than any answer
// takes; a server that never answers meets any timeout, so that case can keep a short one.
const ANSWER_TIMEOUT_MS = 20_000;
const HANG_TIMEOUT_MS = 300;
const mailer = (sendgridTimeoutMs = ANSWER_TIMEOUT_MS) =>
  createSendGridMailer({ ...TEST_CONFIG, sendgridBaseUrl: sink.url, sendgridTimeoutMs });

test.each([
  [{ status: 400 }, { status: "permanent", code: 400 }],
  [{ status: 401 }, { status: "permanent", code: 401 }],
  [{ status: 403 }, { status: "permanent", code: 403 }],
  [{ status: 413 }, { status: "permanent", code: 413 }],
  [
    { status: 429, retryAfter: 2 },
    { status: "retryable", code: 429, retryAfterMs: 2000 },
  ],
  [{ status: 500 }, { status: "retryable", code: 500 }],
  [{ status: 503 }, { status: "retryable", code: 503 }],
  [{ status: "hang" }, { status: "retryable", error: "SendGrid timed out", timedOut: true }],
] as [SinkMode, object][])(
  "SendGrid answering %j is %j",
  async (mode, expected) => {
    sink.setMode({ ...mode, times: 1 });
    const timeout = mode.status === "hang" ? HANG_TIMEOUT_MS : ANSWER_TIMEOUT_MS;
    expect(await mailer(timeout).send(message)).toMatchObject(expected);
  },
  ANSWER_TIMEOUT_MS + 5_000,
);

test(
  "accepted is sent",
  async () => {
    expect(await mailer().send(message)).toEqual({ status: "sent" });
  },
  ANSWER_TIMEOUT_MS + 5_000,
);

test("no server listening is retryable", async () => {
  const closed = createSendGridMailer({ ...TEST_CONFIG, sendgridBaseUrl: "http://127.0.0.1:9" });
  expect(await closed.send(message)).toMatchObject({ status: "retryable" });
});

test("a permanent refusal is not retried; a retryable one is, up to 3 sends", async () => {
  const refused = scriptedMailer([{ status: "permanent", error: "SendGrid answered 400", code: 400 }]);
  expect(await sendWithRetry(refused, message, NO_WAITS)).toMatchObject({ status: "permanent", attempts: 1 });
  const down = { status: "retryable", error: "SendGrid answered 503", code: 503 } as const;
  const busy = scriptedMailer([down, down, down, down]);
  expect(await sendWithRetry(busy, message, NO_WAITS)).toMatchObject({ status: "retryable", attempts: 3 });
  const recovers = scriptedMailer([down]);
  expect(await sendWithRetry(recovers, message, NO_WAITS)).toEqual({ status: "sent", attempts: 2 });
});

test("a timeout is not retried in the request (SendGrid may have accepted it)", async () => {
  const slow = scriptedMailer([{ status: "retryable", error: "SendGrid timed out", timedOut: true }]);
  expect(await sendWithRetry(slow, message, NO_WAITS)).toMatchObject({ status: "retryable", attempts: 1 });
});

test("a Retry-After within the budget is waited for; one past it ends the retries at once", async () => {
  const waits: number[] = [];
  const options = { ...NO_WAITS, sleep: async (ms: number) => void waits.push(ms) };
  const limited = (retryAfterMs: number) =>
    scriptedMailer([{ status: "retryable", error: "SendGrid answered 429", code: 429, retryAfterMs }]);
  expect(await sendWithRetry(limited(1000), message, options)).toEqual({ status: "sent", attempts: 2 });
  expect(waits).toEqual([1000]);
  expect(await sendWithRetry(limited(60_000), message, options)).toMatchObject({
    status: "retryable",
    attempts: 1,
  });
  expect(waits).toEqual([1000]);
});

test("no attempt starts past the deadline or the budget, and each gets only the time left as its timeout", async () => {
  let clock = 1_000_000;
  jest.spyOn(Date, "now").mockImplementation(() => clock);
  const timeouts: (number | undefined)[] = [];
  const slow: Mailer = {
    async send(_message, options) {
      timeouts.push(options?.timeoutMs);
      clock += 1500;
      return DOWN;
    },
  };
  const cut = await sendWithRetry(slow, message, { ...NO_WAITS, deadline: clock + 2500 });
  expect(cut).toMatchObject({ status: "retryable", code: 503, attempts: 2 });
  expect(timeouts).toEqual([2500, 1000]);
  const budgeted = await sendWithRetry(slow, message, { ...NO_WAITS, budgetMs: 2000 });
  expect(budgeted).toMatchObject({ status: "retryable", code: 503, attempts: 2 });
  expect(timeouts.slice(2)).toEqual([2000, 500]);
  expect(await sendWithRetry(slow, message, { ...NO_WAITS, deadline: clock })).toEqual({
    status: "retryable",
    error: "no time left before the function's time limit",
    attempts: 0,
  });
  expect(timeouts).toHaveLength(4);
});

test("the time left caps SendGrid's own timeout", async () => {
  sink.setMode({ status: "hang", times: 1 });
  expect(await mailer(ANSWER_TIMEOUT_MS).send(message, { timeoutMs: HANG_TIMEOUT_MS })).toMatchObject({
    status: "retryable",
    timedOut: true,
  });
});

test(
  "every message turns SendGrid's click, open and subscription tracking off, whatever the account's settings",
  async () => {
    sink.clear();
    expect(await mailer().send(message)).toEqual({ status: "sent" });
    const [sent] = sink.messages();
    const body = sent.body as { tracking_settings?: Record<string, Record<string, unknown>> };
    expect(body.tracking_settings?.click_tracking).toEqual({ enable: false, enable_text: false });
    expect(body.tracking_settings?.open_tracking?.enable).toBe(false);
    expect(body.tracking_settings?.subscription_tracking?.enable).toBe(false);
    expect(body.tracking_settings?.ganalytics?.enable).toBe(false);
  },
  ANSWER_TIMEOUT_MS + 5_000,
);
