/** The one batch loop, so a job over thousands of leads never opens thousands of requests (docs/decisions/0034-core-and-add-ons.md). */

/** Calls `fn` on each of `items`, `size` at a time; never throws. */
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
