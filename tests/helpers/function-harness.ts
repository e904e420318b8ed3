/**
 * Builds the demo-request handler with in-memory collaborators for unit tests: a memory
 * lead store (or one that always throws), a scripted mailer that records what it sent,
 * and no real waits.
 */
import type { ServerConfig } from "../../netlify/lib/config";
import type { DemoRequestField, HONEYPOT_FIELD } from "../../src/lib/demo-request";
import { createDemoRequestHandler } from "../../netlify/lib/demo-request-handler";
import { createMemoryLeadStore, type LeadRecord, type LeadStore } from "../../netlify/lib/lead-store";
import type { Mailer, SendResult } from "../../netlify/lib/mailer";
import type { MailMessage } from "../../netlify/lib/messages";

export const TEST_CONFIG: ServerConfig = {
  sendgridApiKey: "SG.test",
  salesEmail: "sales@resources.test",
  mailFrom: "no-reply@resources.test",
  sendgridTimeoutMs: 500,
  siteOrigin: "https://resources.example",
  isLocal: false,
};

/** A mailer answering from `script` in order (then "sent"), recording every accepted message. */
export function scriptedMailer(script: SendResult[] = []): Mailer & { sent: MailMessage[]; calls: number } {
  const queue = [...script];
  const mailer = {
    sent: [] as MailMessage[],
    calls: 0,
    async send(message: MailMessage): Promise<SendResult> {
      mailer.calls += 1;
      const result = queue.shift() ?? { status: "sent" };
      if (result.status === "sent") mailer.sent.push(message);
      return result;
    },
  };
  return mailer;
}

export const failingStore: LeadStore = {
  create: () => Promise.reject(new Error("blobs down")),
  get: () => Promise.reject(new Error("blobs down")),
  update: () => Promise.reject(new Error("blobs down")),
  ids: () => Promise.reject(new Error("blobs down")),
  remove: () => Promise.reject(new Error("blobs down")),
};

/** A valid request body: every field of the table, plus the empty honeypot. */
export const VALID = {
  firstName: "Jane",
  lastName: "Driller",
  email: "jane@acme-mining.com",
  phone: "+61 400 123 456",
  company: "Acme Mining",
  message: "",
  website: "",
} as const satisfies Record<DemoRequestField | typeof HONEYPOT_FIELD, string>;

/**
 * A stored demo request for the retry job's tests: by default one attempt made at 11:00:01 on
 * 2025-01-01, a second after it arrived; `extra` overrides any field.
 */
export function leadRecord(
  id: string,
  state: LeadRecord["state"],
  extra: Partial<LeadRecord> = {},
): LeadRecord {
  return {
    id,
    request: { ...VALID },
    receivedAt: "2025-01-01T11:00:00.000Z",
    state,
    attempts: 1,
    lastAttemptAt: "2025-01-01T11:00:01.000Z",
    confirmationSent: state === "sent",
    ...extra,
  };
}

/** The handler plus its store and mailer; pass `store: null` for "Blobs unavailable". */
export function harness(
  options: { store?: LeadStore | null; mailer?: ReturnType<typeof scriptedMailer> } = {},
) {
  const store = options.store === undefined ? createMemoryLeadStore() : options.store;
  const mailer = options.mailer ?? scriptedMailer();
  const handle = createDemoRequestHandler({
    getConfig: () => ({ ok: true, config: TEST_CONFIG }),
    getStore: () => store,
    createMailer: () => mailer,
    retry: { sleep: async () => undefined },
  });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    handle(
      new Request("https://resources.example/api/send-contact-email", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );
  return { handle, post, store, mailer };
}
