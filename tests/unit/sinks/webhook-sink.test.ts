/**
 * @jest-environment node
 */
// The local webhook sink's control routes, shared with the mail sink's shape.
import { startWebhookSink, type WebhookSink } from "../../../scripts/sinks/webhook-sink.mjs";

let sink: WebhookSink;
const post = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
  fetch(sink.url, { method: "POST", headers, body });
const control = (path: string, init: RequestInit = {}) => fetch(`${sink.origin}${path}`, init);
const setMode = (mode: object, headers: Record<string, string> = { "content-type": "application/json" }) =>
  control("/__sink/mode", { method: "POST", headers, body: JSON.stringify(mode) });

beforeEach(async () => {
  sink = await startWebhookSink();
});
afterEach(() => sink.close());

test("records each POST with its webhook headers, oldest first, and forgets them on DELETE", async () => {
  await post('{"n":1}', { "content-type": "application/json", "webhook-id": "a" });
  await post("not json", { "content-type": "text/plain" });
  const listed = await (await control("/__sink/messages")).json();
  expect(listed).toMatchObject([
    { id: 1, headers: { "webhook-id": "a" }, body: { n: 1 } },
    { id: 2, body: "not json" },
  ]);
  expect((await control("/__sink/messages", { method: "DELETE" })).status).toBe(204);
  expect(await (await control("/__sink/messages")).json()).toEqual([]);
});

test("told to fail n times, it fails n times and then records again", async () => {
  expect((await setMode({ status: 503, times: 2 })).status).toBe(200);
  expect((await post("{}")).status).toBe(503);
  expect((await post("{}")).status).toBe(503);
  expect((await post("{}")).status).toBe(200);
  expect(sink.deliveries()).toHaveLength(1);
  expect(await (await control("/__sink/mode")).json()).toEqual({ status: 200 });
});

test("control accepts only JSON and no Origin, so a web page cannot drive it", async () => {
  expect((await setMode({ status: 503 }, { "content-type": "text/plain" })).status).toBe(415);
  const fromPage = await setMode(
    { status: 503 },
    { "content-type": "application/json", origin: "http://evil.example" },
  );
  expect(fromPage.status).toBe(403);
  expect(
    (await control("/__sink/messages", { method: "DELETE", headers: { origin: "http://evil.example" } }))
      .status,
  ).toBe(403);
  expect((await post("{}")).status).toBe(200);
});

test("only its endpoint receives: other paths and methods are 404", async () => {
  expect((await fetch(`${sink.origin}/elsewhere`, { method: "POST", body: "{}" })).status).toBe(404);
  expect((await fetch(sink.url)).status).toBe(404);
});
