/** What the jobs share: batches, a circuit breaker, the backoff, record-then-send (docs/decisions/0034-core-and-add-ons.md). */

/** Calls `fn` on each of `items`, `size` at a time, so a job never opens thousands of requests; never throws. */
export async function mapInBatches<T, R>(
  items: readonly T[],
  fn: (item: T) => Promise<R>,
  size = 50,
): Promise<{ results: R[]; failed: { item: T; error: unknown }[] }> {
  const results: R[] = [];
  const failed: { item: T; error: unknown }[] = [];
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    const settled = await Promise.allSettled(batch.map(async (item) => fn(item)));
    settled.forEach((result, i) => {
      if (result.status === "fulfilled") results.push(result.value);
      else failed.push({ item: batch[i], error: result.reason });
    });
  }
  return { results, failed };
}

/** Runs `action` on each of `ids`, `size` at a time; returns the ids whose action threw, in order. */
export async function inBatches(
  ids: readonly string[],
  action: (id: string) => Promise<void>,
  size = 50,
): Promise<string[]> {
  const { failed } = await mapInBatches(ids, action, size);
  return failed.map(({ item }) => item);
}

/** A breaker that opens after `failures` retryable failures in a row or after `budgetMs` of `now` (epoch ms). */
export function createBreaker({ failures = 3, budgetMs = Infinity, now = Date.now } = {}) {
  const startedAt = now();
  let inARow = 0;
  const reason = (): "failing" | "out of time" | undefined =>
    inARow >= failures ? "failing" : now() - startedAt >= budgetMs ? "out of time" : undefined;
  return {
    allows: () => reason() === undefined,
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

const MINUTE = 60_000;

/** Wait before the next attempt after `attempts` failed sends: 1, 2, 4, ... minutes, at most 1 hour. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);
}

/** Records, sends, undoes on `retryable` so a later run sends it; undefined when `record` gives nothing. Throws what they throw. */
export async function recordThenSend<R, S extends { status: string }>(steps: {
  record: () => Promise<R | false | undefined>;
  send: (recorded: R) => Promise<S>;
  undo?: (recorded: R) => Promise<void>;
}): Promise<S | undefined> {
  const recorded = await steps.record();
  if (recorded === false || recorded === undefined) return undefined;
  const result = await steps.send(recorded);
  if (result.status === "retryable") await steps.undo?.(recorded);
  return result;
}
