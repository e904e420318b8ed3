/**
 * What the local server checks before a request reaches the Netlify emulation
 * (docs/requirements.md#spam-defence; decision docs/decisions/0012-local-server-hardening.md), in this order:
 *
 * 1. Host: not localhost/127.0.0.1/[::1] (or the specific HOST it listens on) -> 421
 *    (lib/host-check.mjs; DNS rebinding).
 * 2. A function's default URL `/.netlify/functions/<name>` (the manual run of a scheduled job)
 *    without the per-run secret -> 403 JSON (lib/local-trigger.mjs).
 * 3. A path a function with `config.rateLimit` answers on, past that limit for this client IP
 *    and domain -> 429 JSON with Retry-After (lib/rate-limit.mjs).
 *
 * @param {{ host: string, triggerSecret: string, rateLimits?: Array<{ paths: string[],
 *   rateLimit: object }>, now?: () => number }} options rateLimits as functionRateLimits() gives
 *   them (empty: no limit); now is the clock in ms
 * @returns {(req: import("node:http").IncomingMessage) =>
 *   null | { status: number, headers: Record<string, string>, body: string }}
 *   null when the request may pass, else the answer to send instead
 */
import { isAllowedHost, isLoopbackName, misdirectedRequest } from "./host-check.mjs";
import { hasTriggerSecret, isTriggerPath, LOCAL_TRIGGER_HEADER } from "./local-trigger.mjs";
import { pathMatcher } from "./function-modules.mjs";
import { createSlidingWindowLimiter, tooManyRequests } from "./rate-limit.mjs";

const TRIGGER_REFUSED = {
  status: 403,
  headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  body: JSON.stringify({
    error:
      "Running a function by its default URL needs this server's trigger secret; use npm run leads:retry or npm run leads:retention",
  }),
};

export function createLocalGuard({ host, triggerSecret, rateLimits = [], now = Date.now }) {
  // The emulation's routing ignores one trailing slash and the path's case; so does the limit,
  // or it could be sidestepped.
  const limited = rateLimits.map(({ paths, rateLimit }) => ({
    matches: pathMatcher(paths),
    limiter: createSlidingWindowLimiter(rateLimit, now),
  }));
  return (req) => {
    if (!isAllowedHost(req.headers.host, host)) return misdirectedRequest();
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    if (isTriggerPath(url.pathname) && !hasTriggerSecret(req.headers[LOCAL_TRIGGER_HEADER], triggerSecret)) {
      return TRIGGER_REFUSED;
    }
    for (const { matches, limiter } of limited) {
      if (!matches(url.pathname)) continue;
      // localhost, 127.0.0.1 and [::1] all name this one site: one window, not three.
      const domain = isLoopbackName(url.hostname) ? "localhost" : url.hostname;
      const taken = limiter.take({ ip: req.socket.remoteAddress ?? "", domain });
      if (!taken.allowed) return tooManyRequests(taken.retryAfterSeconds);
    }
    return null;
  };
}
