/**
 * What every delivery channel's send answers, and the in-request retry they share
 * (docs/requirements.md#durable-capture, decision docs/decisions/0019-lead-path.md).
 *
 * A send never throws; it returns `{ status: "sent" }`, `{ status: "retryable", ... }` (the other
 * side is busy or down: 429, 5xx, a timeout or no connection; the retry job tries again and its
 * breaker counts it) or `{ status: "permanent", ... }` (the same message will be refused again, so
 * the channel fails at once). `code` is the other side's HTTP status.
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
 * Runs `send` until its answer is not retryable: exponential backoff (p-retry), a Retry-After
 * honoured, all within `budgetMs`. A timed-out send is not repeated (the other side may have
 * it), so only the retry job sends it again. Returns the last result and the number of sends.
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
