/**
 * One POST of a webhook request (docs/decisions/0022-lead-webhook-channel.md), never throwing: `sent` for a
 * 2xx answer; `retryable` for 408, 429, 5xx, a network error or no answer within `timeoutMs` (the receiver
 * may have it, so its `webhook-id` lets it drop the repeat); `permanent` for any other answer (400 bad
 * payload, 403/404/410 a revoked or wrong URL, a redirect), which no retry would fix.
 *
 * Errors name the status or the failure, never the URL: a Slack or Teams webhook URL is itself
 * the credential.
 */
import { parseRetryAfter, type SendResult } from "../../core/delivery/send-result";
import type { WebhookRequest } from "./webhook-request";

/** The same outcome every channel reports (netlify/lib/core/delivery/mailer.ts); `code` is the receiver's status. */
export type WebhookResult = SendResult;

export interface PostOptions {
  /** Milliseconds before the attempt is abandoned. */
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

function classify(response: Response): WebhookResult {
  const code = response.status;
  if (code >= 200 && code < 300) return { status: "sent" };
  const error = `Webhook answered ${code}`;
  if (code === 408 || code === 429 || code >= 500) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after") ?? undefined);
    return { status: "retryable", error, code, retryAfterMs };
  }
  return { status: "permanent", error, code };
}

/** POSTs `request` to `url` (see the module comment for the result). */
export async function postWebhook(
  url: string,
  request: WebhookRequest,
  { timeoutMs, fetchImpl = fetch }: PostOptions,
): Promise<WebhookResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: controller.signal,
    });
    await response.body?.cancel().catch(() => undefined);
    return classify(response);
  } catch (error) {
    if (controller.signal.aborted) return { status: "retryable", error: "Webhook timed out", timedOut: true };
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    return {
      status: "retryable",
      error: `Webhook unreachable (${typeof cause === "string" ? cause : "network error"})`,
    };
  } finally {
    clearTimeout(timer);
  }
}
