/**
 * Builds the demo-request handler with in-memory collaborators for unit tests: a memory
 * lead store (or one that always fails), a scripted mailer that records what it sent,
 * and no real waits.
 */
import { createAnswerTiming, type AnswerTiming } from "../../netlify/lib/demo-request/answer-timing";
import type { ServerConfig } from "../../netlify/lib/config";
import {
  createConfirmationLimits,
  type ConfirmationLimits,
} from "../../netlify/lib/delivery/email/confirmation-limits";
import { createDemoRequestHandler } from "../../netlify/lib/demo-request/handler";
import { newLead, type Delivery, type LeadRecord } from "../../netlify/lib/leads/lead-record";
import { type LeadStore } from "../../netlify/lib/leads/lead-store";
import { createMemoryLeadStore } from "./memory-lead-store";
import type { Mailer } from "../../netlify/lib/delivery/email/mailer";
import type { RetryOptions, SendResult } from "../../netlify/lib/delivery/send-result";
import type { MailMessage } from "../../netlify/lib/delivery/email/messages";
import { HONEYPOT_FIELD, type DemoRequestField } from "../../src/lib/demo-request";
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
  alertEmail: "alerts@resources.test",
  alertAfterMinutes: 30,
};

/** Confirmation limits over a fresh in-memory store, with TEST_CONFIG's secret and daily limit. */
export function memoryLimits(options: { dailyLimit?: number; now?: () => Date } = {}): ConfirmationLimits {
  return createConfirmationLimits(createMemoryBlobs(), {
    secret: TEST_CONFIG.formSecret,
    dailyLimit: options.dailyLimit ?? TEST_CONFIG.confirmationDailyLimit,
    now: options.now,
  });
}

/** In-request retries without real waits. */
export const NO_WAITS: RetryOptions = { minTimeoutMs: 0, sleep: async () => undefined };

/** SendGrid answering 503 (busy or down: retried, counted by the job's breaker). */
export const DOWN = { status: "retryable", error: "SendGrid answered 503", code: 503 } as const;
/** SendGrid refusing the message for good (e.g. a 400 for a malformed message). */
export const REFUSED = { status: "permanent", error: "SendGrid answered 400", code: 400 } as const;

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

/** The accepted messages of one kind ("sales", "confirmation" or "alert"). */
export function sentOfKind(mailer: { sent: MailMessage[] }, kind: string): MailMessage[] {
  return mailer.sent.filter((message) => message.customArgs?.kind === kind);
}

export const failingStore: LeadStore = {
  create: async () => "unavailable",
  get: () => Promise.reject(new Error("blobs down")),
  update: () => Promise.reject(new Error("blobs down")),
  pendingIds: () => Promise.reject(new Error("blobs down")),
  pendingSince: () => Promise.reject(new Error("blobs down")),
  settle: () => Promise.reject(new Error("blobs down")),
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

type LeadExtra = Partial<Omit<LeadRecord, "deliveries">> & {
  sales?: Partial<Delivery>;
  confirmation?: Partial<Delivery>;
  webhook?: Partial<Delivery>;
};

/**
 * A stored lead for the retry job's tests, received at 11:00:00 on 2025-01-01. `pending`: one
 * sales send failed with a 503 a second later; `sent`: both e-mails accepted then. `extra`
 * overrides any field, `extra.sales` / `extra.confirmation` / `extra.webhook` fields of those
 * deliveries (the webhook is pending, never attempted).
 */
export function leadRecord(id: string, state: "pending" | "sent", extra: LeadExtra = {}): LeadRecord {
  const { sales, confirmation, webhook, ...rest } = extra;
  const base = newLead(id, { ...VALID }, new Date("2025-01-01T11:00:00.000Z"));
  const at = "2025-01-01T11:00:01.000Z";
  const tried: Delivery =
    state === "sent"
      ? { state: "sent", attempts: 1, lastAttemptAt: at, sentAt: at }
      : { state: "pending", attempts: 1, lastAttemptAt: at, lastError: DOWN.error };
  return {
    ...base,
    state,
    deliveries: {
      sales: { ...tried, ...sales },
      confirmation: { ...(state === "sent" ? tried : base.deliveries.confirmation), ...confirmation },
      webhook: { ...base.deliveries.webhook, ...webhook },
    },
    ...rest,
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
    /** Added to TEST_CONFIG, e.g. a lead webhook or a booking page. */
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
    now: options.now,
    retry: NO_WAITS,
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
