/**
 * The circuit breaker of a job's sends (docs/requirements.md#durable-capture,
 * docs/requirements.md#follow-up, docs/decisions/0034-core-and-add-ons.md): a job whose other side
 * is failing, or whose time is up, starts no more sends and leaves the rest to its next run.
 */

/** Why a breaker is open: too many failures in a row, or its time budget spent. */
export type BreakerReason = "failing" | "out of time";

export interface BreakerOptions {
  /** Retryable failures in a row that open the breaker; default 3. */
  failures?: number;
  /** Milliseconds from the breaker's creation after which it opens; default never. */
  budgetMs?: number;
  /** The clock in epoch milliseconds; default `Date.now` (real time, also in simulated runs). */
  now?: () => number;
}

export interface Breaker {
  /** Whether another send may start. */
  allows(): boolean;
  /**
   * Counts a send's result (`SendResult`, netlify/lib/core/delivery/send-result.ts): `sent` resets
   * the count, `retryable` adds one, anything else (a permanent refusal) leaves it.
   */
  record(result: { status: string }): void;
  /** Why the breaker is open now, or undefined while it allows sends. */
  readonly reason: BreakerReason | undefined;
}

/** A breaker that opens after `failures` retryable failures in a row or after `budgetMs`. */
export function createBreaker({
  failures = 3,
  budgetMs = Infinity,
  now = Date.now,
}: BreakerOptions = {}): Breaker {
  const startedAt = now();
  let inARow = 0;
  const reason = (): BreakerReason | undefined =>
    inARow >= failures ? "failing" : now() - startedAt >= budgetMs ? "out of time" : undefined;
  return {
    allows: () => reason() === undefined,
    record(result) {
      if (result.status === "sent") inARow = 0;
      else if (result.status === "retryable") inARow += 1;
    },
    get reason() {
      return reason();
    },
  };
}
