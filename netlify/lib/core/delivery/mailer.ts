/**
 * Sending e-mail through `@sendgrid/mail`, each answer classified as a send result and retried
 * within a time budget (core/delivery/send-result.ts).
 *
 * A send never throws; it returns `{ status: "sent" }` (2xx), `{ status: "retryable", ... }`
 * (429, 5xx, a timeout or no connection: SendGrid is busy or down, so the job tries again and
 * its breaker counts it) or `{ status: "permanent", ... }` (any other 4xx: the same message
 * will be refused again, so the channel fails at once). `code` is SendGrid's HTTP status.
 *
 * Every message turns SendGrid's tracking off, whatever the account's settings: click tracking would
 * route every link (claim links, the prospect's booking link with their name and address) through
 * SendGrid's redirect domain, open tracking would add a pixel to the prospect's confirmation, and the
 * privacy page says the site uses no tracking tools (docs/requirements.md#personal-data).
 */
import { Client } from "@sendgrid/client";
import { MailService, type MailDataRequired } from "@sendgrid/mail";
import type { ServerConfig } from "../config";
import { parseRetryAfter, retrySend, type RetryOptions, type SendResult } from "./send-result";
import type { MailMessage } from "./messages";

/** Sent with every message: no click, open or subscription tracking, no Google Analytics tags. */
export const NO_TRACKING: NonNullable<MailDataRequired["trackingSettings"]> = {
  clickTracking: { enable: false, enableText: false },
  openTracking: { enable: false },
  subscriptionTracking: { enable: false },
  ganalytics: { enable: false },
};

/** Anything that can send one message; tests substitute their own. */
export interface Mailer {
  send(message: MailMessage): Promise<SendResult>;
}

interface SendGridError {
  code?: number | string;
  message?: string;
  response?: { headers?: Record<string, string> };
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
        const { sandbox, ...rest } = message;
        const mail = { ...rest, trackingSettings: NO_TRACKING };
        const [response] = await service.send(
          sandbox ? { ...mail, mailSettings: { sandboxMode: { enable: true } } } : mail,
        );
        const ok = response.statusCode >= 200 && response.statusCode < 300;
        return ok ? { status: "sent" } : classifyStatus(response.statusCode);
      } catch (error) {
        return toFailure(error);
      }
    },
  };
}

/**
 * Sends `message`, retrying retryable answers with exponential backoff and honouring
 * Retry-After, within the time budget (docs/requirements.md#durable-capture). A timeout is not retried here:
 * SendGrid may have accepted the message, so only the retry job sends it again. Returns the last result and
 * the number of sends made.
 */
export function sendWithRetry(
  mailer: Mailer,
  message: MailMessage,
  options: RetryOptions = {},
): Promise<SendResult & { attempts: number }> {
  return retrySend(() => mailer.send(message), options);
}
