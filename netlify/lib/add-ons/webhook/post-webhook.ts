/**
 * One webhook POST (docs/decisions/0022-lead-webhook-channel.md): `sent` for 2xx, `retryable` for 408, 429,
 * 5xx, network errors or timeouts, `permanent` otherwise. Errors never name the URL: it is the credential.
 */
import { parseRetryAfter, type SendResult } from "../../core/delivery/send-result";
import type { WebhookRequest } from "./webhook-request";

export type WebhookResult = SendResult;

export interface PostOptions {
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

/** POSTs `request` to `url`; never throws. */
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
