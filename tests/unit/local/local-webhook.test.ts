/**
 * @jest-environment node
 */
// `npm start`'s lead-webhook receiver: nothing without LEAD_WEBHOOK_URL, the local sink only for
// LEAD_WEBHOOK_URL=local, and a receiver of one's own (on loopback too) left to receive the posts.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { startLocalWebhook } from "../../../scripts/local/local-sinks.mjs";
import { restoreEnvAfterEach } from "../../helpers/env";

let root: string;
restoreEnvAfterEach();
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "local-webhook-"));
});
afterEach(() => {
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

test("a receiver of one's own already listening on loopback keeps the posts: nothing else listens, one line says so", async () => {
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    received.push(req.url ?? "");
    res.end("ok");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const own = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/n8n`;
  process.env.LEAD_WEBHOOK_URL = own;
  try {
    await expect(startLocalWebhook(root)).resolves.toBeNull();
    expect(process.env.LEAD_WEBHOOK_URL).toBe(own);
    const printed = (console.log as jest.Mock<void, string[]>).mock.calls.map((call) => call.join(" "));
    expect(printed).toEqual(["Lead webhook: posting to the configured LEAD_WEBHOOK_URL (slack format)"]);
    expect((await fetch(own, { method: "POST", body: "{}" })).status).toBe(200);
    expect(received).toEqual(["/hooks/n8n"]);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test("LEAD_WEBHOOK_URL=local starts the sink on a free port and points the function at it", async () => {
  process.env.LEAD_WEBHOOK_URL = "local";
  const sink = await startLocalWebhook(root);
  try {
    expect(sink).not.toBeNull();
    expect(process.env.LEAD_WEBHOOK_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook$/);
    expect(readFileSync(join(root, ".data", "webhook-sink-url"), "utf8").trim()).toBe(
      process.env.LEAD_WEBHOOK_URL,
    );
    const answer = await fetch(process.env.LEAD_WEBHOOK_URL ?? "", { method: "POST", body: "{}" });
    expect(answer.status).toBe(200);
  } finally {
    await sink?.close();
  }
});
