/**
 * Record-then-send for a message that goes out once (docs/requirements.md#lead-path-and-alerts,
 * docs/requirements.md#follow-up, docs/decisions/0034-core-and-add-ons.md): a follow-up reminder,
 * the day's digest, a lead's alert, a malformed lead's alert. The record is written first, by a
 * write that only one run can win, so two runs never both send; what could not be recorded is not
 * sent. A lead's delivery channels keep their own per-channel state instead (docs/architecture.md).
 */

export interface RecordThenSend<R, S extends { status: string }> {
  /**
   * Writes the record; resolves with what was recorded, or `undefined`/`false` when there is
   * nothing to send (recorded already, no longer due, or the write failed).
   */
  record: () => Promise<R | false | undefined>;
  /** Sends what was recorded; resolves with a `SendResult`-like `{ status }`. */
  send: (recorded: R) => Promise<S>;
  /**
   * Takes the record back after a send that failed for a while (`status: "retryable"`), so a
   * later run sends it. Without it, or after a refusal for good, the record stays: never resent.
   */
  undo?: (recorded: R) => Promise<void>;
}

/**
 * Records, then sends, then undoes the record if the send should be repeated (see above).
 * @returns the send's result, or undefined when nothing was recorded and so nothing sent
 * @throws what `record`, `send` or `undo` throws
 */
export async function recordThenSend<R, S extends { status: string }>(
  steps: RecordThenSend<R, S>,
): Promise<S | undefined> {
  const recorded = await steps.record();
  if (recorded === false || recorded === undefined) return undefined;
  const result = await steps.send(recorded);
  if (result.status === "retryable") await steps.undo?.(recorded);
  return result;
}
