/**
 * @jest-environment node
 */
// One webhook delivery attempt against the local webhook sink: sent | retryable | permanent.
import { postWithRetries } from "../../../../netlify/lib/add-ons/webhook/post-lead-event";
import { postWebhook } from "../../../../netlify/lib/kit/webhook-post";
import { startWebhookSink } from "../../../../scripts/sinks/webhook-sink.mjs";
import { setUpWebhookSink } from "../../../helpers/webhook-sink";

const sink = setUpWebhookSink();
const request = {
  body: '{"text":"hi"}',
  headers: { "content-type": "application/json", "webhook-id": "lead-1" },
};

test("a 2xx answer is sent, and the receiver got the body and headers", async () => {
  await expect(postWebhook(sink.url, request, { timeoutMs: 2000 })).resolves.toEqual({ status: "sent" });
  const [delivery] = sink.deliveries();
  expect(delivery.body).toEqual({ text: "hi" });
  expect(delivery.headers).toEqual({ "content-type": "application/json", "webhook-id": "lead-1" });
});

test.each([500, 502, 503, 429, 408])("%i is retryable", async (status) => {
  sink.setMode({ status, retryAfter: 7 });
  await expect(postWebhook(sink.url, request, { timeoutMs: 2000 })).resolves.toEqual({
    status: "retryable",
    error: `Webhook answered ${status}`,
    code: status,
    retryAfterMs: 7000,
  });
  expect(sink.deliveries()).toHaveLength(0);
});

test.each([400, 403, 404, 410])(
  "%i is permanent: no retry fixes a bad payload or a revoked URL",
  async (status) => {
    sink.setMode({ status });
    await expect(postWebhook(sink.url, request, { timeoutMs: 2000 })).resolves.toEqual({
      status: "permanent",
      error: `Webhook answered ${status}`,
      code: status,
    });
  },
);

test("a redirect is not followed and is permanent", async () => {
  const fetchImpl = jest.fn(
    async () => new Response(null, { status: 301, headers: { location: "https://elsewhere.example/" } }),
  );
  await expect(
    postWebhook("https://hooks.example/x", request, { timeoutMs: 2000, fetchImpl }),
  ).resolves.toEqual({
    status: "permanent",
    error: "Webhook answered 301",
    code: 301,
  });
  expect(fetchImpl).toHaveBeenCalledWith(
    "https://hooks.example/x",
    expect.objectContaining({ redirect: "manual" }),
  );
});

test("no answer within the timeout is retryable (the receiver may have it; webhook-id lets it drop a repeat)", async () => {
  sink.setMode({ status: "hang" });
  await expect(postWebhook(sink.url, request, { timeoutMs: 200 })).resolves.toEqual({
    status: "retryable",
    error: "Webhook timed out",
    timedOut: true,
  });
});

test("an attempt gets only the time its request has left, whatever LEAD_WEBHOOK_TIMEOUT_MS allows", async () => {
  sink.setMode({ status: "hang" });
  const settings = { url: sink.url, format: "slack", timeoutMs: 5000 } as const;
  const result = await postWithRetries(
    settings,
    () => request,
    () => new Date(),
    {
      deadline: Date.now() + 200,
    },
  );
  expect(result).toEqual({ status: "retryable", error: "Webhook timed out", timedOut: true, attempts: 1 });
});

test("an unreachable receiver is retryable, and the error never names the URL (it is the credential)", async () => {
  const closed = await startWebhookSink();
  const url = `${closed.url}?token=secret-part`;
  await closed.close();
  const result = await postWebhook(url, request, { timeoutMs: 2000 });
  expect(result).toEqual({ status: "retryable", error: "Webhook unreachable (ECONNREFUSED)" });
  expect(JSON.stringify(result)).not.toContain("secret-part");
});
