/**
 * Runs one store action per id, `size` at a time, so a job over thousands of stored demo
 * requests never opens thousands of requests at once (retention and erasure,
 * docs/decisions/0018-retention-and-erasure.md).
 */

/** Runs `action` on each of `ids`, `size` at a time; returns the ids whose action threw, in order. */
export async function inBatches(
  ids: readonly string[],
  action: (id: string) => Promise<void>,
  size = 50,
): Promise<string[]> {
  const failed: string[] = [];
  for (let start = 0; start < ids.length; start += size) {
    const batch = ids.slice(start, start + size);
    const results = await Promise.allSettled(batch.map(action));
    results.forEach((result, i) => {
      if (result.status === "rejected") failed.push(batch[i]);
    });
  }
  return failed;
}
