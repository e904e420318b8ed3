/**
 * What every message we send shares (its shape, common texts, the subject's cap; docs/decisions/0037-email-layout.md);
 * the send result every delivery channel answers (netlify/lib/kit/send-result.ts) and their shared in-request retry (docs/decisions/0019-lead-path.md); e-mail through SendGrid. Tracking is always off:
 * it would route our links through SendGrid, and the privacy page promises none (docs/requirements.md#personal-data).
 */
import { Client } from "@sendgrid/client";
import pRetry, { AbortError } from "p-retry";
import { MailService, type MailDataRequired } from "@sendgrid/mail";
import type { ServerConfig } from "../config";
import { shortText } from "../../kit/text";
import { parseRetryAfter, type SendResult } from "../../kit/send-result";

// Defined in the kit, where a channel that is not e-mail finds them too.
export type { SendResult };

export interface RetryOptions {
  retries?: number;
  /** First backoff in ms (doubled per retry), default 300. */
  minTimeoutMs?: number;
  /** Time budget in ms for all sends and waits, default 4000; no attempt runs past it. */
  budgetMs?: number;
  /** Epoch ms (`Date.now()`) past which nothing is sent: a request's end before the function's time limit. */
  deadline?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class RetryableSend extends Error {
  constructor(readonly result: Extract<SendResult, { status: "retryable" }>) {
    super(result.error);
  }
}

const OUT_OF_TIME = { status: "retryable", error: "no time left before the function's time limit" } as const;

/**
 * Runs `send` with backoff and Retry-After until `budgetMs` or `deadline`, whichever comes first; each attempt gets
 * the time left as its timeout in ms. A timeout is not repeated, as the other side may have it. Resolves the last
 * result and the attempts made (0 when no time was left); never throws for a send.
 */
export async function retrySend(
  send: (timeoutMs: number) => Promise<SendResult>,
  options: RetryOptions = {},
): Promise<SendResult & { attempts: number }> {
  const {
    retries = 2,
    minTimeoutMs = 300,
    budgetMs = 4000,
    deadline = Infinity,
    sleep = defaultSleep,
  } = options;
  const started = Date.now();
  const end = Math.min(started + budgetMs, deadline);
  const left = () => end - Date.now();
  let attempts = 0;
  let last = new RetryableSend(OUT_OF_TIME);
  if (left() <= 0) return { ...OUT_OF_TIME, attempts };
  try {
    return await pRetry(
      async () => {
        const timeoutMs = left();
        if (timeoutMs <= 0) throw new AbortError(last);
        attempts += 1;
        const result = await send(timeoutMs);
        if (result.status === "retryable" && !result.timedOut) {
          last = new RetryableSend(result);
          throw last;
        }
        return { ...result, attempts };
      },
      {
        retries,
        minTimeout: minTimeoutMs,
        randomize: true,
        maxRetryTime: end - started,
        async onFailedAttempt({ error, retriesLeft }) {
          const wait = error instanceof RetryableSend ? error.result.retryAfterMs : undefined;
          if (wait === undefined || retriesLeft === 0) return;
          // A Retry-After past the budget: give up now instead of sleeping into the limit.
          if (Date.now() + wait >= end) throw error;
          await sleep(wait);
        },
      },
    );
  } catch (error) {
    if (error instanceof RetryableSend) return { ...error.result, attempts };
    throw error;
  }
}

export interface MailMessage {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  customArgs?: Record<string, string>;
  sandbox?: boolean;
  /** Files as SendGrid takes them: `content` in base64. */
  attachments?: { content: string; filename: string; type: string; disposition: "attachment" }[];
}

export const FOLLOW_UP_PROMISE = "Our team will contact you within 24 hours to schedule your demo.";

export const MAX_SUBJECT_LENGTH = 200;

/** The claim link's words in reminders and chat messages, where it also opens a claimed lead. */
export const CLAIM_LINK_TEXT = "Claim or update this lead";

export const CLAIM_BUTTON_TEXT = "Claim this lead";

/** The short reference a prospect is given and sales searches by: the lead id's first 8 hex characters. */
export function shortReference(leadId: string): string {
  return leadId.slice(0, 8);
}

/** `subject` cut to MAX_SUBJECT_LENGTH characters with an ellipsis, never inside a surrogate pair. */
export const capSubject = (subject: string): string => shortText(subject, MAX_SUBJECT_LENGTH);

const NO_TRACKING: NonNullable<MailDataRequired["trackingSettings"]> = {
  clickTracking: { enable: false, enableText: false },
  openTracking: { enable: false },
  subscriptionTracking: { enable: false },
  ganalytics: { enable: false },
};

export interface Mailer {
  /** Sends `message`, giving up after `timeoutMs` when given (at most SENDGRID_TIMEOUT_MS); never throws. */
  send(message: MailMessage, options?: { timeoutMs?: number }): Promise<SendResult>;
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

/** A mailer on a private SendGrid client per send; the base URL is set after the key because `setApiKey()` resets it. */
export function createSendGridMailer(config: ServerConfig): Mailer {
  const serviceFor = (timeoutMs: number) => {
    const client = new Client();
    client.setApiKey(config.sendgridApiKey);
    if (config.sendgridBaseUrl) client.setDefaultRequest("baseUrl", config.sendgridBaseUrl);
    const service = new MailService();
    service.setClient(client);
    service.setTimeout(timeoutMs);
    return service;
  };
  return {
    async send(message, { timeoutMs = Infinity } = {}) {
      try {
        const { sandbox, ...rest } = message;
        const mail = { ...rest, trackingSettings: NO_TRACKING };
        const service = serviceFor(Math.min(config.sendgridTimeoutMs, timeoutMs));
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
  return retrySend((timeoutMs) => mailer.send(message, { timeoutMs }), options);
}
