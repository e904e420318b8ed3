import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

/** A message the local mail sink recorded (scripts/sinks/mail-sink.mjs). */
export type SinkMessage = {
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string | null;
  customArgs: Record<string, string>;
};

/** The running sink's base URL, written by `npm start` to .data/mail-sink-url. */
export function sinkUrl(): string {
  return readFileSync(join(process.cwd(), ".data", "mail-sink-url"), "utf8").trim();
}

/** Every message recorded so far, oldest first. */
export async function sinkMessages(request: APIRequestContext): Promise<SinkMessage[]> {
  const response = await request.get(`${sinkUrl()}/__sink/messages`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SinkMessage[];
}

/** Sales e-mails (reply-to the prospect) about `email`. */
export async function salesEmailsFor(request: APIRequestContext, email: string): Promise<SinkMessage[]> {
  return (await sinkMessages(request)).filter((m) => m.customArgs.kind === "sales" && m.replyTo === email);
}

/** Makes the sink answer `status` to every send (202 = healthy again). */
export async function setSinkStatus(request: APIRequestContext, status: number): Promise<void> {
  const response = await request.post(`${sinkUrl()}/__sink/mode`, { data: { status } });
  expect(response.ok()).toBe(true);
}

/** Values unique to one test, so its e-mails can be told apart in the sink. */
export function uniqueProspect(): Record<string, string> {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    "First Name": "Grace",
    "Last Name": `Hopper${tag}`,
    "Work Email": `grace.${tag}@example.com`,
    "Phone Number": "+61 8 9000 0001",
    Company: `Compiler Mining ${tag}`,
    "Additional Info": "Two sites in the Bowen Basin.",
  };
}
