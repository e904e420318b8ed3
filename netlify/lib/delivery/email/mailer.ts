/**
 * Sending e-mail through `@sendgrid/mail` (issue 3), each answer classified (issue 14) and
 * retried with p-retry's backoff within a time budget (issue 4).
 *
 * A send never throws; it returns `{ status: "sent" }` (2xx), `{ status: "retryable", ... }`
 * (429, 5xx, a timeout or no connection: SendGrid is busy or down, so the job tries again and
 * its breaker counts it) or `{ status: "permanent", ... }` (any other 4xx: the same message
 * will be refused again, so the channel fails at once). `code` is SendGrid's HTTP status.
 */
import { Client } from "@sendgrid/client";
import { MailService } from "@sendgrid/mail";
import pRetry from "p-retry";
import type { ServerConfig } from "../../config";
import type { MailMessage } from "./messages";

export type SendResult =
  | { status: "sent" }
  | { status: "retryable"; error: string; code?: number; retryAfterMs?: number; timedOut?: boolean }
  | { status: "permanent"; error: string; code: number };

/** Anything that can send one message; tests substitute their own. */
export interface Mailer {
  send(message: MailMessage): Promise<SendResult>;
}

interface SendGridError {
  code?: number | string;
  message?: string;
  response?: { headers?: Record<string, string> };
}

/** Parses a Retry-After header (seconds or an HTTP date) into milliseconds from `now`. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The result for an HTTP status other than 2xx. */
export function classifyStatus(code: number, retryAfterMs?: number): SendResult {
  const error = `SendGrid answered ${code}`;
  return code === 429 || code >= 500
    ? { status: "retryable", error, code, retryAfterMs }
    : { status: "permanent", error, code };
}

function toFailure(error: unknown): SendResult {
  const e = (error ?? {}) as SendGridError;
  if (typeof e.code === "number") {
    return classifyStatus(e.code, parseRetryAfter(e.response?.headers?.["retry-after"]));
  }
  const timedOut = e.code === "ECONNABORTED" || /timeout/i.test(e.message ?? "");
  return timedOut
    ? { status: "retryable", error: "SendGrid timed out", timedOut }
    : { status: "retryable", error: `SendGrid unreachable (${String(e.code ?? "network error")})` };
}

/**
 * A mailer on a private SendGrid client (not the shared singleton), pointed at
 * `config.sendgridBaseUrl` when set. The base URL is set after the API key because
 * `setApiKey()` resets it.
 */
export function createSendGridMailer(config: ServerConfig): Mailer {
  const client = new Client();
  client.setApiKey(config.sendgridApiKey);
  if (config.sendgridBaseUrl) client.setDefaultRequest("baseUrl", config.sendgridBaseUrl);
  const service = new MailService();
  service.setClient(client);
  service.setTimeout(config.sendgridTimeoutMs);
  return {
    async send(message) {
      try {
        const [response] = await service.send(message);
        const ok = response.statusCode >= 200 && response.statusCode < 300;
        return ok ? { status: "sent" } : classifyStatus(response.statusCode);
      } catch (error) {
        return toFailure(error);
      }
    },
  };
}

export interface RetryOptions {
  /** Retries after the first send, default 2. */
  retries?: number;
  /** First backoff in milliseconds (doubled per retry, randomised up to 2x), default 300. */
  minTimeoutMs?: number;
  /** Time budget in milliseconds for all sends and waits, default 4000. */
  budgetMs?: number;
  /** Waits out a Retry-After; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Carries a retryable result through p-retry. */
class RetryableSend extends Error {
  constructor(readonly result: Extract<SendResult, { status: "retryable" }>) {
    super(result.error);
  }
}

/**
 * Sends `message`, retrying retryable answers with exponential backoff and honouring
 * Retry-After, within the time budget (issue 4). A timeout is not retried here: SendGrid may
 * have accepted the message, so only the retry job sends it again. Returns the last result and
 * the number of sends made.
 */
export function sendWithRetry(
  mailer: Mailer,
  message: MailMessage,
  options: RetryOptions = {},
): Promise<SendResult & { attempts: number }> {
  return retrySend(() => mailer.send(message), options);
}

/**
 * Runs `send` until it is not retryable, with sendWithRetry's backoff, Retry-After and budget;
 * a timed-out send is not repeated (the other side may have it). Shared by every channel (the
 * lead webhook, issue 16, posts through it too).
 */
export async function retrySend(
  send: () => Promise<SendResult>,
  options: RetryOptions = {},
): Promise<SendResult & { attempts: number }> {
  const { retries = 2, minTimeoutMs = 300, budgetMs = 4000, sleep = defaultSleep } = options;
  const started = Date.now();
  let attempts = 0;
  try {
    return await pRetry(
      async () => {
        attempts += 1;
        const result = await send();
        if (result.status === "retryable" && !result.timedOut) throw new RetryableSend(result);
        return { ...result, attempts };
      },
      {
        retries,
        minTimeout: minTimeoutMs,
        randomize: true,
        maxRetryTime: budgetMs,
        async onFailedAttempt({ error, retriesLeft }) {
          const wait = error instanceof RetryableSend ? error.result.retryAfterMs : undefined;
          if (wait === undefined || retriesLeft === 0) return;
          // A Retry-After past the budget: give up now instead of sleeping into the limit.
          if (Date.now() - started + wait >= budgetMs) throw error;
          await sleep(wait);
        },
      },
    );
  } catch (error) {
    if (error instanceof RetryableSend) return { ...error.result, attempts };
    throw error;
  }
}
