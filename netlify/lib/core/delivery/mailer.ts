/**
 * E-mail through SendGrid, each answer a send result. Tracking is always off: it would route our links through
 * SendGrid, and the privacy page promises none (docs/requirements.md#personal-data).
 */
import { Client } from "@sendgrid/client";
import { MailService, type MailDataRequired } from "@sendgrid/mail";
import type { ServerConfig } from "../config";
import { parseRetryAfter, retrySend, type RetryOptions, type SendResult } from "./send-result";
import type { MailMessage } from "./messages";

const NO_TRACKING: NonNullable<MailDataRequired["trackingSettings"]> = {
  clickTracking: { enable: false, enableText: false },
  openTracking: { enable: false },
  subscriptionTracking: { enable: false },
  ganalytics: { enable: false },
};

export interface Mailer {
  send(message: MailMessage): Promise<SendResult>;
}

function classifyStatus(code: number, retryAfterMs?: number): SendResult {
  const error = `SendGrid answered ${code}`;
  return code === 429 || code >= 500
    ? { status: "retryable", error, code, retryAfterMs }
    : { status: "permanent", error, code };
}

function toFailure(error: unknown): SendResult {
  const e = (error ?? {}) as {
    code?: number | string;
    message?: string;
    response?: { headers?: Record<string, string> };
  };
  if (typeof e.code === "number") {
    return classifyStatus(e.code, parseRetryAfter(e.response?.headers?.["retry-after"]));
  }
  const timedOut = e.code === "ECONNABORTED" || /timeout/i.test(e.message ?? "");
  return timedOut
    ? { status: "retryable", error: "SendGrid timed out", timedOut }
    : { status: "retryable", error: `SendGrid unreachable (${String(e.code ?? "network error")})` };
}

/** A mailer on a private SendGrid client; the base URL is set after the key because `setApiKey()` resets it. */
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

/** Sends `message` with in-request retries; a timeout is not retried, as SendGrid may have it. */
export function sendWithRetry(
  mailer: Mailer,
  message: MailMessage,
  options: RetryOptions = {},
): Promise<SendResult & { attempts: number }> {
  return retrySend(() => mailer.send(message), options);
}
