/**
 * Structured one-line logs for the functions: `[demo-request] <event> {json}`.
 * Callers pass only masked or non-personal values (ids, statuses, masked addresses).
 */
type Fields = Record<string, string | number | boolean | undefined>;

/** Informational event, e.g. `logInfo("sent", { requestId })`. */
export function logInfo(event: string, fields: Fields = {}): void {
  console.log(`[demo-request] ${event} ${JSON.stringify(fields)}`);
}

/** Something went wrong that an operator should look at. */
export function logError(event: string, fields: Fields = {}): void {
  console.error(`[demo-request] ${event} ${JSON.stringify(fields)}`);
}
