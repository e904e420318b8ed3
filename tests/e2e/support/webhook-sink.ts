import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

/** A POST the local webhook sink recorded (scripts/sinks/webhook-sink.mjs). */
export type SinkDelivery = {
  receivedAt: string;
  headers: Record<string, string>;
  body: { type: string; data: { id: string; email: string; attribution: Record<string, string> } };
  raw: string;
};

/** The sink's control origin, from the endpoint URL `npm start` wrote to .data/webhook-sink-url. */
function sinkOrigin(): string {
  return new URL(readFileSync(join(process.cwd(), ".data", "webhook-sink-url"), "utf8").trim()).origin;
}

/** Every lead delivery (not alerts) about `email`, oldest first. */
export async function webhookLeadsFor(request: APIRequestContext, email: string): Promise<SinkDelivery[]> {
  const response = await request.get(`${sinkOrigin()}/__sink/messages`);
  expect(response.ok()).toBe(true);
  const all = (await response.json()) as SinkDelivery[];
  return all.filter((d) => d.body?.type === "lead.received" && d.body.data.email === email);
}

/** Makes the webhook sink answer `status` to every POST (200 = healthy again). */
export async function setWebhookStatus(request: APIRequestContext, status: number): Promise<void> {
  const response = await request.post(`${sinkOrigin()}/__sink/mode`, { data: { status } });
  expect(response.ok()).toBe(true);
}
