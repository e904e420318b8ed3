/**
 * @jest-environment node
 */
// `npm start`'s lead-webhook receiver (issue 16): nothing without LEAD_WEBHOOK_URL, a sink on loopback.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localWebhookAddress, startLocalWebhook } from "../../../scripts/lib/local-webhook.mjs";

const saved = process.env.LEAD_WEBHOOK_URL;
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "local-webhook-"));
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});
afterEach(() => {
  if (saved === undefined) delete process.env.LEAD_WEBHOOK_URL;
  else process.env.LEAD_WEBHOOK_URL = saved;
  rmSync(root, { recursive: true, force: true });
  jest.restoreAllMocks();
});

test("without LEAD_WEBHOOK_URL nothing starts", async () => {
  delete process.env.LEAD_WEBHOOK_URL;
  await expect(startLocalWebhook(root)).resolves.toBeNull();
});

test("a real receiver is left alone and its URL (a credential) is never printed", async () => {
  process.env.LEAD_WEBHOOK_URL = "https://hooks.slack.com/services/T000/B000/secret-token";
  await expect(startLocalWebhook(root)).resolves.toBeNull();
  const printed = (console.log as jest.Mock).mock.calls.flat().join(" ");
  expect(printed).not.toContain("secret-token");
});

test("a loopback URL with port 0 starts the sink on a free port and points the function at it", async () => {
  process.env.LEAD_WEBHOOK_URL = "http://127.0.0.1:0/hooks/lead";
  const sink = await startLocalWebhook(root);
  try {
    expect(sink).not.toBeNull();
    expect(process.env.LEAD_WEBHOOK_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/lead$/);
    expect(process.env.LEAD_WEBHOOK_URL).not.toContain(":0/");
    expect(readFileSync(join(root, ".data", "webhook-sink-url"), "utf8").trim()).toBe(
      process.env.LEAD_WEBHOOK_URL,
    );
    const answer = await fetch(process.env.LEAD_WEBHOOK_URL, { method: "POST", body: "{}" });
    expect(answer.status).toBe(200);
  } finally {
    await sink?.close();
  }
});

test.each([
  ["https://127.0.0.1:9000/x", null],
  ["http://example.com:9000/x", null],
  ["http://10.0.0.5:9000/x", null],
  ["not a url", null],
  ["http://localhost:9000/x", { host: "127.0.0.1", port: 9000, path: "/x" }],
  ["http://[::1]:9000/x", { host: "::1", port: 9000, path: "/x" }],
])("localWebhookAddress(%s)", (value, expected) => {
  expect(localWebhookAddress(value)).toEqual(expected);
});
