/**
 * What the local server checks before the emulation (docs/decisions/0012-local-server-hardening.md): Host (421),
 * the trigger secret on a function's default URL (403), then the rate limit (429, or the page a rewrite
 * names). The trigger secret is per run, for running scheduled jobs through their default URL locally: a
 * web page cannot read it, so it cannot run them.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isAllowedHost, isLoopbackName, misdirectedRequest } from "./host-check.mjs";
import { localDataDir } from "./local-data.mjs";
import { pathMatcher } from "./body-limits.mjs";
import { createSlidingWindowLimiter, tooManyRequests } from "./rate-limit.mjs";

export const LOCAL_TRIGGER_HEADER = "x-local-trigger-secret";

const file = (root) => join(localDataDir(root), "local-trigger-secret");

/** A fresh secret: 64 hex characters. */
export function newTriggerSecret() {
  return randomBytes(32).toString("hex");
}

/** True for the paths the secret guards: every function's default URL. */
export function isTriggerPath(pathname) {
  return pathname.startsWith("/.netlify/functions/");
}

/** True when the header value is `secret` (constant time). */
export function hasTriggerSecret(headerValue, secret) {
  if (typeof headerValue !== "string") return false;
  const given = Buffer.from(headerValue);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Saves the running server's secret (mode 0600) for the owner's commands. */
export function writeTriggerSecret(root, secret) {
  mkdirSync(localDataDir(root), { recursive: true });
  writeFileSync(file(root), `${secret}\n`, { mode: 0o600 });
  chmodSync(file(root), 0o600); // `mode` applies only when the file is created
}

/** The running server's secret, or undefined when none was saved. */
export function readTriggerSecret(root) {
  try {
    return readFileSync(file(root), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

const TRIGGER_REFUSED = {
  status: 403,
  headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  body: JSON.stringify({
    error:
      "Running a function by its default URL needs this server's trigger secret; use npm run leads:retry or npm run leads:retention",
  }),
};

/** The checker: null to pass, else the answer to send (or `{ rewrite }`, the page to answer with instead). */
export function createLocalGuard({ host, triggerSecret, rateLimits = [], now = Date.now }) {
  // The emulation's routing ignores one trailing slash and case; so does the limit, or it could be sidestepped.
  const limited = rateLimits.map(({ paths, rateLimit }) => ({
    matches: pathMatcher(paths),
    limiter: createSlidingWindowLimiter(rateLimit, now),
    rateLimit,
  }));
  return (req) => {
    if (!isAllowedHost(req.headers.host, host)) return misdirectedRequest();
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    if (isTriggerPath(url.pathname) && !hasTriggerSecret(req.headers[LOCAL_TRIGGER_HEADER], triggerSecret)) {
      return TRIGGER_REFUSED;
    }
    for (const { matches, limiter, rateLimit } of limited) {
      if (!matches(url.pathname)) continue;
      // localhost, 127.0.0.1 and [::1] all name this one site: one window, not three.
      const domain = isLoopbackName(url.hostname) ? "localhost" : url.hostname;
      const taken = limiter.take({ ip: req.socket.remoteAddress ?? "", domain });
      if (!taken.allowed) return tooManyRequests(taken.retryAfterSeconds, rateLimit);
    }
    return null;
  };
}
