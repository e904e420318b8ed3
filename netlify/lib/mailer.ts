/**
 * Sending e-mail through `@sendgrid/mail` (issue 3), with bounded retries (issue 4).
 *
 * `send()` never throws: it returns `{ status: "sent" }` when SendGrid accepted the message
 * (2xx), or `{ status: "failed", error, code?, retryable, retryAfterMs? }` where `code` is
 * SendGrid's HTTP status (absent on network errors and timeouts).
 */
import { Client } from "@sendgrid/client";
import { MailService } from "@sendgrid/mail";
import type { ServerConfig } from "./config";
import type { MailMessage } from "./messages";

export type SendResult =
  | { status: "sent" }
  | { status: "failed"; error: string; code?: number; retryable: boolean; retryAfterMs?: number };

/** Anything that can send one message; tests and the retry job may substitute their own. */
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

function toFailure(error: unknown): SendResult {
  const e = (error ?? {}) as SendGridError;
  const code = typeof e.code === "number" ? e.code : undefined;
  if (code !== undefined) {
    return {
      status: "failed",
      error: `SendGrid answered ${code}`,
      code,
      retryable: code === 429 || code >= 500,
      retryAfterMs: parseRetryAfter(e.response?.headers?.["retry-after"]),
    };
  }
  // Network errors are safe to retry; a timeout is not (SendGrid may have accepted it).
  const timedOut = e.code === "ECONNABORTED" || /timeout/i.test(e.message ?? "");
  return {
    status: "failed",
    error: timedOut ? "SendGrid timed out" : `SendGrid unreachable (${String(e.code ?? "network error")})`,
    retryable: !timedOut,
  };
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
        return response.statusCode >= 200 && response.statusCode < 300
          ? { status: "sent" }
          : {
              status: "failed",
              error: `SendGrid answered ${response.statusCode}`,
              code: response.statusCode,
              retryable: false,
            };
      } catch (error) {
        return toFailure(error);
      }
    },
  };
}

export interface RetryOptions {
  /** Attempts in total, default 3. */
  maxAttempts?: number;
  /** Time budget in milliseconds for all attempts and waits, default 4000. */
  budgetMs?: number;
  /** First backoff in milliseconds, doubled per retry (plus jitter), default 300. */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends once, retrying 429 and 5xx (and connection errors) with exponential backoff,
 * honouring Retry-After, and never waiting past the time budget (issue 4).
 * Returns the last result plus the number of attempts made.
 */
export async function sendWithRetry(
  mailer: Mailer,
  message: MailMessage,
  options: RetryOptions = {},
): Promise<SendResult & { attempts: number }> {
  const {
    maxAttempts = 3,
    budgetMs = 4000,
    baseDelayMs = 300,
    sleep = defaultSleep,
    now = Date.now,
  } = options;
  const deadline = now() + budgetMs;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    const result = await mailer.send(message);
    if (result.status === "sent" || !result.retryable || attempts >= maxAttempts)
      return { ...result, attempts };
    const backoff = baseDelayMs * 2 ** (attempts - 1) * (1 + Math.random() * 0.2);
    const wait = Math.max(backoff, result.retryAfterMs ?? 0);
    if (now() + wait >= deadline) return { ...result, attempts };
    await sleep(wait);
  }
}
