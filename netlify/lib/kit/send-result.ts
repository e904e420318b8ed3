/**
 * The answer of one send, whatever carries it (e-mail, webhook, Slack's response URL): `sent`, `retryable` (the retry
 * job tries again) or `permanent` (docs/decisions/0019-lead-path.md).
 */
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
