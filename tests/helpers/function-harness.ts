/**
 * Builds the demo-request handler with in-memory collaborators for unit tests: a memory
 * lead store (or one that always fails), a scripted mailer that records what it sent,
 * and no real waits.
 */
import { addOnsFor } from "../../netlify/lib/compose";
import type { ServerConfig } from "../../netlify/lib/core/config";
import type { FollowUpConfig } from "../../netlify/lib/add-ons/follow-up/settings";
import type { ConfirmationSettings } from "../../netlify/lib/add-ons/confirmation/settings";
import {
  createConfirmationLimits,
  type ConfirmationLimits,
} from "../../netlify/lib/add-ons/confirmation/confirmation-limits";
import { createDemoRequestHandler } from "../../netlify/lib/core/demo-request/handler";
import { retryPendingLeads } from "../../netlify/lib/core/delivery/retry-job";
import { newLead, type Delivery, type LeadRecord } from "../../netlify/lib/core/leads/lead-record";
import { type LeadStore } from "../../netlify/lib/core/leads/lead-store";
import { createMemoryLeadStore } from "./memory-lead-store";
import type { Mailer, MailMessage, RetryOptions, SendResult } from "../../netlify/lib/core/delivery/mailer";
import { HONEYPOT_FIELD, type DemoRequestField } from "../../src/lib/demo-request";
import { createMemoryBlobs } from "./memory-blobs";
import { createFollowUpStore } from "../../netlify/lib/add-ons/follow-up/follow-up-store";
import { createThanksTickets, type ThanksTickets } from "../../netlify/lib/add-ons/booking/add-on";
import { leadIdFor } from "../../netlify/lib/core/leads/lead-address";
import {
  createFormTokenNonces,
  issueFormToken,
  type FormTokenNonces,
} from "../../netlify/lib/core/spam/form-token";

export const TEST_CONFIG: ServerConfig & { followUp: FollowUpConfig; confirmation: ConfirmationSettings } = {
  sendgridApiKey: "SG.test",
  salesEmail: "sales@resources.test",
  mailFrom: "no-reply@resources.test",
  sendgridTimeoutMs: 500,
  siteOrigin: "https://resources.example",
  isLocal: false,
  confirmation: { dailyLimit: 200, clientDailyLimit: 5 },
  formSecret: "test-form-secret-of-at-least-32-characters",
  alertEmail: "alerts@resources.test",
  alertAfterMinutes: 30,
  followUp: { nudgeMinutes: 15, escalateMinutes: 60, escalationEmail: "escalation@resources.test" },
};

/** The add-ons `config` turns on, with `limits` (default fresh in-memory ones) for the confirmation. */
export function testAddOns(config: ServerConfig = TEST_CONFIG, limits: ConfirmationLimits = memoryLimits()) {
  return addOnsFor(config, { confirmationLimits: () => limits, ...memoryStores() });
}

/** In-memory stores for the plugins that read the lead store's Blobs beside the lead store. */
export function memoryStores(leads: LeadStore = createMemoryLeadStore()) {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  return { followUps: () => followUps, companyMatchStores: () => ({ blobs, leads }) };
}

/** Confirmation limits over a fresh in-memory store, with TEST_CONFIG's secret and daily limit. */
export function memoryLimits(
  options: { dailyLimit?: number; clientDailyLimit?: number; now?: () => Date } = {},
): ConfirmationLimits {
  return createConfirmationLimits(createMemoryBlobs(), {
    secret: TEST_CONFIG.formSecret,
    dailyLimit: options.dailyLimit ?? TEST_CONFIG.confirmation.dailyLimit,
    clientDailyLimit: options.clientDailyLimit ?? TEST_CONFIG.confirmation.clientDailyLimit,
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
export function scriptedMailer(
  script: SendResult[] = [],
): Mailer & { sent: MailMessage[]; calls: number; probes: MailMessage[] } {
  const queue = [...script];
  const mailer = {
    sent: [] as MailMessage[],
    calls: 0,
    /** Sandbox-mode messages (the honeypot's delivery probe): answered from the script, never sent. */
    probes: [] as MailMessage[],
    async send(message: MailMessage): Promise<SendResult> {
      const result = queue.shift() ?? { status: "sent" };
      if (message.sandbox) {
        mailer.probes.push(message);
        return result;
      }
      mailer.calls += 1;
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
  getWithEtag: () => Promise.reject(new Error("blobs down")),
  get: () => Promise.reject(new Error("blobs down")),
  update: () => Promise.reject(new Error("blobs down")),
  requeue: () => Promise.reject<never>(new Error("blobs down")),
  pendingIds: () => Promise.reject(new Error("blobs down")),
  pendingSince: () => Promise.reject(new Error("blobs down")),
  settle: () => Promise.reject(new Error("blobs down")),
  ids: () => Promise.reject(new Error("blobs down")),
  idsFromInbox: () => Promise.reject(new Error("blobs down")),
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
  // As every lead stored with the confirmation and the webhook loaded.
  const base = newLead(id, { ...VALID }, new Date("2025-01-01T11:00:00.000Z"), {
    channels: ["confirmation", "webhook"],
  });
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
    /** The thanks page's tickets; default in memory. */
    tickets?: ThanksTickets;
    /** The spent form tokens; default in memory. */
    nonces?: FormTokenNonces;
  } = {},
) {
  const store = options.store === undefined ? createMemoryLeadStore() : options.store;
  const mailer = options.mailer ?? scriptedMailer();
  const config = { ...TEST_CONFIG, ...options.config };
  const limits = options.limits ?? memoryLimits({ clientDailyLimit: config.confirmation?.clientDailyLimit });
  const tickets = options.tickets ?? createThanksTickets(createMemoryBlobs());
  const nonces = options.nonces ?? createFormTokenNonces(createMemoryBlobs());
  const clock = options.now ?? (() => new Date());
  const stores = memoryStores(store ?? undefined);
  const handle = createDemoRequestHandler({
    getAddOns: (config) =>
      addOnsFor(config, {
        confirmationLimits: () => limits,
        tickets: () => tickets,
        ...stores,
      }),
    getConfig: () => ({ ok: true, config }),
    getStore: () => store,
    createMailer: () => mailer,
    getFormTokenNonces: () => nonces,
    now: options.now,
    retry: NO_WAITS,
  });
  // The site's form sends a fresh time token with every request: a JSON body that names no
  // `formToken` gets one issued a minute earlier (each one different), as a person's would be.
  // A test of a request without a token says so with `formToken: undefined`.
  const issuedAt = new Set<number>();
  const freshToken = () => {
    let at = clock().getTime() - 60_000;
    while (issuedAt.has(at)) at -= 1;
    issuedAt.add(at);
    return issueFormToken(config.formSecret, new Date(at));
  };
  const withToken = (body: unknown) =>
    body !== null && typeof body === "object" && !Array.isArray(body) && !("formToken" in body)
      ? { ...body, formToken: freshToken() }
      : body;
  const post = (
    body: unknown,
    headers: Record<string, string> = {},
    context?: Parameters<typeof handle>[1],
  ) =>
    handle(
      new Request("https://resources.example/api/send-contact-email", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(withToken(body)),
      }),
      context,
    );
  return { handle, post, store, mailer, tickets, nonces };
}

/** The id of the lead a request with idempotency key `requestId` is stored under (TEST_CONFIG's secret). */
export function leadIdOf(requestId: string): string {
  return leadIdFor(requestId, TEST_CONFIG.formSecret);
}

/**
 * Runs the retry job now on `store` with `mailer`, as `npm run leads:retry` does (the backoff
 * ignored), with fresh in-memory confirmation limits, TEST_CONFIG and no real waits; `options`
 * may set the clock. Resolves with the job's counts.
 */
export async function runRetryJobNow(store: LeadStore, mailer: Mailer, options: { now?: () => Date } = {}) {
  return retryPendingLeads({
    store,
    mailer,
    addOns: await testAddOns(),
    config: TEST_CONFIG,
    ignoreBackoff: true,
    retry: NO_WAITS,
    ...options,
  });
}
