/**
 * One JSON POST with a timeout, the attempt under the lead webhook's retries and Slack's replies through a click's
 * response URL (docs/decisions/0022-lead-webhook-channel.md, docs/decisions/0047-slack-plugin.md). Errors never name
 * the URL: a webhook's URL is a credential.
 */
import { parseRetryAfter, type SendResult } from "./send-result";

/** A request's body and headers, as posted. */
export type WebhookRequest = { body: string; headers: Record<string, string> };

/**
 * POSTs `request` to `url`; never throws. @returns `sent` for 2xx, `retryable` for 408, 429, 5xx, network
 * errors or timeouts, `permanent` otherwise (a redirect too)
 */
export async function postWebhook(
  url: string,
  request: WebhookRequest,
  { timeoutMs, fetchImpl = fetch }: { timeoutMs: number; fetchImpl?: typeof fetch },
): Promise<SendResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, { method: "POST", ...request, redirect: "manual", signal });
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    if (signal.aborted) return { status: "retryable", error: "Webhook timed out", timedOut: true };
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    return {
      status: "retryable",
      error: `Webhook unreachable (${typeof cause === "string" ? cause : "network error"})`,
    };
  }
  const code = response.status;
  if (code >= 200 && code < 300) return { status: "sent" };
  const error = `Webhook answered ${code}`;
  if (code === 408 || code === 429 || code >= 500) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after") ?? undefined);
    return { status: "retryable", error, code, retryAfterMs };
  }
  return { status: "permanent", error, code };
}
