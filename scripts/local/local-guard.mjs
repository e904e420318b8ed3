/**
 * What the local server checks before the emulation (docs/decisions/0012-local-server-hardening.md): Host (421),
 * the trigger secret on a function's default URL (403), then the rate limit (429). Returns a checker giving
 * null to pass, else the answer to send.
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
  // The emulation's routing ignores one trailing slash and case; so does the limit, or it could be sidestepped.
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
