/**
 * Builds the demo-request handler with in-memory collaborators for unit tests: a memory
 * lead store (or one that always throws), a scripted mailer that records what it sent,
 * and no real waits.
 */
import { createAnswerTiming, type AnswerTiming } from "../../netlify/lib/answer-timing";
import type { ServerConfig } from "../../netlify/lib/config";
import { createConfirmationLimits, type ConfirmationLimits } from "../../netlify/lib/confirmation-limits";
import { HONEYPOT_FIELD, type DemoRequestField } from "../../src/lib/demo-request";
import { createDemoRequestHandler } from "../../netlify/lib/demo-request-handler";
import { createMemoryLeadStore, type LeadRecord, type LeadStore } from "../../netlify/lib/lead-store";
import type { Mailer, SendResult } from "../../netlify/lib/mailer";
import type { MailMessage } from "../../netlify/lib/messages";
import { createMemoryBlobs } from "./memory-blobs";

export const TEST_CONFIG: ServerConfig = {
  sendgridApiKey: "SG.test",
  salesEmail: "sales@resources.test",
  mailFrom: "no-reply@resources.test",
  sendgridTimeoutMs: 500,
  siteOrigin: "https://resources.example",
  isLocal: false,
  confirmationEmail: true,
  confirmationDailyLimit: 200,
  formSecret: "test-form-secret-of-at-least-32-characters",
};

/** Confirmation limits over a fresh in-memory store, with TEST_CONFIG's secret and daily limit. */
export function memoryLimits(options: { dailyLimit?: number; now?: () => Date } = {}): ConfirmationLimits {
  return createConfirmationLimits(createMemoryBlobs(), {
    secret: TEST_CONFIG.formSecret,
    dailyLimit: options.dailyLimit ?? TEST_CONFIG.confirmationDailyLimit,
    now: options.now,
  });
}

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
  [HONEYPOT_FIELD]: "",
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

/**
 * The handler plus its store and mailer; pass `store: null` for "Blobs unavailable". `limits`
 * defaults to fresh in-memory confirmation limits; `config` overrides parts of TEST_CONFIG;
 * `timing` defaults to one whose waits take no time.
 */
export function harness(
  options: {
    store?: LeadStore | null;
    mailer?: ReturnType<typeof scriptedMailer>;
    limits?: ConfirmationLimits;
    config?: Partial<ServerConfig>;
    now?: () => Date;
    timing?: AnswerTiming;
  } = {},
) {
  const store = options.store === undefined ? createMemoryLeadStore() : options.store;
  const mailer = options.mailer ?? scriptedMailer();
  const limits = options.limits ?? memoryLimits();
  const config = { ...TEST_CONFIG, ...options.config };
  const handle = createDemoRequestHandler({
    getConfig: () => ({ ok: true, config }),
    getStore: () => store,
    createMailer: () => mailer,
    getConfirmationLimits: () => limits,
    retry: { sleep: async () => undefined },
    now: options.now,
    // The honeypot's answer would wait like a delivery; tests check that wait with their own timing.
    timing: options.timing ?? createAnswerTiming({ sleep: async () => undefined }),
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
