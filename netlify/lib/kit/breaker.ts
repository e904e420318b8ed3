/** A job's circuit breaker: failing or out of time, it starts no more sends (docs/decisions/0034-core-and-add-ons.md). */

export type BreakerReason = "failing" | "out of time";

export interface BreakerOptions {
  failures?: number;
  budgetMs?: number;
  now?: () => number;
}

export interface Breaker {
  allows(): boolean;
  /** Counts a send's result: `sent` resets, `retryable` adds one, a permanent refusal leaves it. */
  record(result: { status: string }): void;
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
