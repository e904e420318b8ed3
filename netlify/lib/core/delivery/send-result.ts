/**
 * The send result every delivery channel answers and their shared in-request retry (docs/decisions/0019-lead-path.md):
 * `sent`, `retryable` (busy or down; the retry job tries again) or `permanent` (fails at once).
 */
import pRetry from "p-retry";

export type SendResult =
  | { status: "sent" }
  | { status: "retryable"; error: string; code?: number; retryAfterMs?: number; timedOut?: boolean }
  | { status: "permanent"; error: string; code: number };

/** Parses a Retry-After header (seconds or an HTTP date) into milliseconds from `now`. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface RetryOptions {
  retries?: number;
  /** First backoff in ms (doubled per retry), default 300. */
  minTimeoutMs?: number;
  /** Time budget in ms for all sends and waits, default 4000. */
  budgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class RetryableSend extends Error {
  constructor(readonly result: Extract<SendResult, { status: "retryable" }>) {
    super(result.error);
  }
}

/** Runs `send` with backoff and Retry-After within `budgetMs`; a timeout is not repeated, as the other side may have it. */
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
