/** Record-then-send: the record is written first by a write one run wins (docs/decisions/0034-core-and-add-ons.md). */

export interface RecordThenSend<R, S extends { status: string }> {
  /** Writes the record; `undefined`/`false` when there is nothing to send. */
  record: () => Promise<R | false | undefined>;
  send: (recorded: R) => Promise<S>;
  /** Takes the record back after a retryable failure, so a later run sends it. */
  undo?: (recorded: R) => Promise<void>;
}

/** Records, sends, then undoes on a retryable result; undefined when nothing was recorded. Throws what they throw. */
export async function recordThenSend<R, S extends { status: string }>(
  steps: RecordThenSend<R, S>,
): Promise<S | undefined> {
  const recorded = await steps.record();
  if (recorded === false || recorded === undefined) return undefined;
  const result = await steps.send(recorded);
  if (result.status === "retryable") await steps.undo?.(recorded);
  return result;
}
