import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { localDataDir } from "../../../scripts/local/local-data.mjs";

/** A message the local mail sink recorded (scripts/sinks/mail-sink.mjs). */
export type SinkMessage = {
  id: number;
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string | null;
  customArgs: Record<string, string>;
};

/** The running sink's base URL, written by `npm start` to mail-sink-url in `.data/` (or LOCAL_DATA_DIR). */
export function sinkUrl(): string {
  return readFileSync(join(localDataDir(process.cwd()), "mail-sink-url"), "utf8").trim();
}

/**
 * Every message recorded so far, oldest first. `sink` is the sink's base URL: the shared
 * server's unless a spec runs a server of its own (support/rate-limited-server.ts).
 */
export async function sinkMessages(request: APIRequestContext, sink = sinkUrl()): Promise<SinkMessage[]> {
  const response = await request.get(`${sink}/__sink/messages`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SinkMessage[];
}

/** Every message that replies to `email`, of whatever kind (a sales e-mail, or a copy of one). */
export async function emailsReplyingTo(
  request: APIRequestContext,
  email: string,
  sink = sinkUrl(),
): Promise<SinkMessage[]> {
  return (await sinkMessages(request, sink)).filter((m) => m.replyTo === email);
}

/** Sales e-mails (reply-to the prospect) about `email`. */
export async function salesEmailsFor(
  request: APIRequestContext,
  email: string,
  sink = sinkUrl(),
): Promise<SinkMessage[]> {
  return (await emailsReplyingTo(request, email, sink)).filter((m) => m.customArgs.kind === "sales");
}

/** Confirmation e-mails sent to `email`. */
export async function confirmationsTo(
  request: APIRequestContext,
  email: string,
  sink = sinkUrl(),
): Promise<SinkMessage[]> {
  return (await sinkMessages(request, sink)).filter(
    (m) => m.customArgs.kind === "confirmation" && m.to.includes(email),
  );
}

/**
 * Makes the sink answer `status` to every send (202 = healthy again), or only to the next
 * `times` sends, after which it answers 202 again.
 */
export async function setSinkStatus(
  request: APIRequestContext,
  status: number,
  times?: number,
): Promise<void> {
  const response = await request.post(`${sinkUrl()}/__sink/mode`, { data: { status, times } });
  expect(response.ok()).toBe(true);
}

/** A tag no other test run uses, to make names and addresses unique. */
export const uniqueTag = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Values unique to one test, by the form's field labels, so its e-mails can be told apart in the sink. */
export function uniqueProspect(): Record<string, string> {
  const tag = uniqueTag();
  return {
    "First Name": "Grace",
    "Last Name": `Hopper${tag}`,
    "Work Email": `grace.${tag}@example.com`,
    "Phone Number": "+61 8 9000 0001",
    Company: `Compiler Mining ${tag}`,
    "Additional Info": "Two sites in the Bowen Basin.",
  };
}
