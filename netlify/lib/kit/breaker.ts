/** A job's circuit breaker: failing or out of time, it starts no more sends (docs/decisions/0034-core-and-add-ons.md). */

/** A breaker that opens after `failures` retryable failures in a row or after `budgetMs` of `now` (epoch ms). */
export function createBreaker({ failures = 3, budgetMs = Infinity, now = Date.now } = {}) {
  const startedAt = now();
  let inARow = 0;
  const reason = (): "failing" | "out of time" | undefined =>
    inARow >= failures ? "failing" : now() - startedAt >= budgetMs ? "out of time" : undefined;
  return {
    allows: () => reason() === undefined,
    /** Counts a send's result: `sent` resets, `retryable` adds one, a permanent refusal leaves it. */
    record(result: { status: string }) {
      if (result.status === "sent") inARow = 0;
      else if (result.status === "retryable") inARow += 1;
    },
    get reason() {
      return reason();
    },
  };
}

export type Breaker = ReturnType<typeof createBreaker>;
