/**
 * One HubSpot API call under the protocol's retries (docs/decisions/0049-hubspot-plugin.md): HubSpot's 2026-03
 * paths, a Bearer token, and at most 80 calls in any 10 s from one function instance (within its free and starter
 * tiers' 100). A 429 or 5xx is retried, honouring the rate-limit headers; 401 and 403 are a settings problem. Only the
 * status and HubSpot's error category are logged: its messages quote values such as the e-mail address.
 */
import pThrottle from "p-throttle";
import { retrySend, type RetryOptions } from "../../core/delivery/mailer";
import { errorName, logError } from "../../kit/log";
import { parseRetryAfter, type SendResult } from "../../kit/send-result";
import type { HubspotConfig } from "./settings";

/** The API version every path is pinned to. */
export const API_VERSION = "2026-03";

/**
 * HubSpot's free and starter tiers allow 100 requests per 10 seconds per app; one instance takes 80 of them, so a
 * request's own calls beside the retry job's backlog stay within the limit.
 */
export const RATE_LIMIT = { limit: 80, interval: 10_000 } as const;

/** How long one attempt may wait for HubSpot's answer. */
const TIMEOUT_MS = 3_000;

export interface HubspotRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** The path under the API, e.g. `/crm/objects/2026-03/contacts/batch/upsert`, with its query. */
  path: string;
  body?: unknown;
}

/** What the calls of one delivery share: the fetch to use (tests pass a scripted HubSpot) and the retries. */
export interface CallOptions {
  fetchImpl?: typeof fetch;
  retry?: RetryOptions;
  /**
   * False for a call that makes a record: only a 429 is repeated then, as after a 5xx or a lost answer HubSpot may
   * have made it; the caller looks before it tries again.
   */
  repeatable?: boolean;
}

/** A call's outcome: HubSpot's JSON answer (null for 204), or the send result to record, `auth` for 401/403. */
export type Answer<T> =
  | { ok: true; status: number; body: T; attempts: number }
  | { ok: false; result: Exclude<SendResult, { status: "sent" }> & { attempts: number }; auth: boolean };

const throttled = pThrottle({ ...RATE_LIMIT, strict: true })(async (run: () => Promise<Response>) => run());

/** How long HubSpot asks a 429 to wait: Retry-After, else its window when none remains. */
function waitOf(headers: Headers): number | undefined {
  const after = parseRetryAfter(headers.get("retry-after") ?? undefined);
  if (after !== undefined) return after;
  const window = Number(headers.get("x-hubspot-ratelimit-interval-milliseconds"));
  return Number.isFinite(window) && window > 0 ? window : undefined;
}

async function categoryOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { category?: unknown; errorType?: unknown };
    const category = body.category ?? body.errorType;
    return typeof category === "string" ? category.slice(0, 60) : "none";
  } catch {
    return "none";
  }
}

/** Calls HubSpot once per attempt until its answer is final; never throws. `what` names the call in the log. */
export async function callHubspot<T>(
  settings: Pick<HubspotConfig, "token" | "baseUrl">,
  what: string,
  request: HubspotRequest,
  { fetchImpl = fetch, retry, repeatable = true }: CallOptions = {},
): Promise<Answer<T>> {
  // retrySend repeats no timeout: an answer that may follow work done is marked as one.
  const final = (result: SendResult): SendResult =>
    repeatable || result.status !== "retryable" || result.code === 429
      ? result
      : { ...result, timedOut: true };
  let body: T | undefined;
  let status = 0;
  let auth = false;
  const result = await retrySend(async (timeoutMs) => final(await attempt(timeoutMs)), retry);
  if (result.status === "sent") return { ok: true, status, body: body as T, attempts: result.attempts };
  return { ok: false, result, auth: result.status === "permanent" && auth };

  async function attempt(timeoutMs: number): Promise<SendResult> {
    const started = Date.now();
    let signal: AbortSignal | undefined;
    let response: Response;
    try {
      // The attempt's clock starts once its turn comes: a call that waited for the rate limit was never sent.
      response = await throttled(() => {
        signal = AbortSignal.timeout(Math.max(1, Math.min(TIMEOUT_MS, timeoutMs - (Date.now() - started))));
        return fetchImpl(`${settings.baseUrl}${request.path}`, {
          method: request.method,
          headers: {
            authorization: `Bearer ${settings.token}`,
            ...(request.body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          redirect: "manual",
          signal,
        });
      });
    } catch (error) {
      // A timeout is not repeated by the retries: HubSpot may have done it (the caller checks before redoing).
      logError("HubSpot did not answer a call", {
        call: what,
        reason: signal?.aborted ? "timeout" : errorName(error),
      });
      if (signal?.aborted) return { status: "retryable", error: "HubSpot timed out", timedOut: true };
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      return {
        status: "retryable",
        error: `HubSpot unreachable (${typeof cause === "string" ? cause : "network error"})`,
      };
    }
    status = response.status;
    if (status >= 200 && status < 300) {
      body = (status === 204 ? null : await response.json().catch(() => null)) as T;
      return { status: "sent" };
    }
    const category = await categoryOf(response);
    logError("HubSpot refused a call", { call: what, status, category });
    const error = `HubSpot answered ${status} (${category})`;
    auth = status === 401 || status === 403;
    if (status === 429 || status >= 500)
      return { status: "retryable", error, code: status, retryAfterMs: waitOf(response.headers) };
    return { status: "permanent", error, code: status };
  }
}
