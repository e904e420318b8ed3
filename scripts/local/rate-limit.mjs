/**
 * The functions' rate limits in the local server: Netlify enforces a function's
 * `config.rateLimit`, but its local emulation does not, so `npm start` does it here, with the
 * numbers read from the function's own config (never repeated).
 *
 * - `functionRateLimits(dir)`: every function in `dir` whose config has a `rateLimit`, with the
 *   paths it answers on, read from the function module's exported `config`.
 * - `rateLimitKeys(rateLimit)`: what one client is, as the deploy turns `aggregateBy` into a
 *   traffic rule: the client IP and/or the domain (the Host name) when it is a list; a single
 *   string or nothing means the domain.
 * - `createSlidingWindowLimiter(rateLimit, now)`: per key, at most `windowLimit` requests in any
 *   `windowSize` seconds; a refused request does not count.
 * - `tooManyRequests(retryAfterSeconds)`: the 429 answer, JSON `{ "error": ... }` with Retry-After.
 * - `rateLimitEnabled(env)`: false only for RATE_LIMIT=off (load benchmarks).
 *
 * The deploy reads the same config through Netlify's bundler: tests/deploy/functions-bundle.test.mjs
 * checks that the traffic rule in the bundle's manifest has the numbers and keys enforced here
 * (decision docs/decisions/0012-local-server-hardening.md).
 */
import { readFunctionModules } from "./function-modules.mjs";

/**
 * @param {string} functionsDir absolute path of netlify/functions
 * @returns {Promise<Array<{ name: string, paths: string[], rateLimit: { windowLimit: number,
 *   windowSize: number, aggregateBy?: string | string[] } }>>}
 */
export async function functionRateLimits(functionsDir) {
  return (await readFunctionModules(functionsDir))
    .filter(({ config, paths }) => config.rateLimit && paths.length > 0)
    .map(({ name, paths, config }) => ({ name, paths, rateLimit: config.rateLimit }));
}

/**
 * The parts of a client's key, in order.
 * @param {{ aggregateBy?: string | string[] }} rateLimit
 * @returns {Array<"ip" | "domain">}
 */
export function rateLimitKeys({ aggregateBy }) {
  return Array.isArray(aggregateBy) ? aggregateBy : ["domain"];
}

/**
 * A sliding-window limiter. `take({ ip, domain })` counts one request now and answers
 * `{ allowed: true }`, or `{ allowed: false, retryAfterSeconds }` (not counted) when the key
 * already had `windowLimit` requests in the last `windowSize` seconds; `retryAfterSeconds` is
 * when the oldest of them leaves the window (at least 1).
 *
 * @param {{ windowLimit: number, windowSize: number, aggregateBy?: string | string[] }} rateLimit
 * @param {() => number} [now] the clock in milliseconds (tests pass a simulated one)
 */
export function createSlidingWindowLimiter(rateLimit, now = Date.now) {
  const { windowLimit, windowSize } = rateLimit;
  const windowMs = windowSize * 1000;
  const keyParts = rateLimitKeys(rateLimit);
  const recent = new Map();
  return {
    take({ ip, domain }) {
      const key = keyParts.map((part) => (part === "ip" ? ip : domain)).join("|");
      const t = now();
      const times = (recent.get(key) ?? []).filter((time) => t - time < windowMs);
      if (times.length >= windowLimit) {
        recent.set(key, times);
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((times[0] + windowMs - t) / 1000)),
        };
      }
      times.push(t);
      recent.set(key, times);
      return { allowed: true };
    },
  };
}

/**
 * The 429 answer for the local server.
 * @param {number} retryAfterSeconds
 * @returns {{ status: 429, headers: Record<string, string>, body: string }}
 */
export function tooManyRequests(retryAfterSeconds) {
  return {
    status: 429,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "retry-after": String(retryAfterSeconds),
    },
    body: JSON.stringify({ error: `Too many requests; try again in ${retryAfterSeconds} seconds` }),
  };
}

/**
 * Whether `npm start` enforces the functions' rate limits: yes unless RATE_LIMIT is "off".
 * @param {Record<string, string | undefined>} [env]
 * @throws {Error} for any RATE_LIMIT other than unset, "on" or "off" (a typo must not silently
 *   leave the limit on or off)
 */
export function rateLimitEnabled(env = process.env) {
  const value = env.RATE_LIMIT?.trim().toLowerCase() ?? "";
  if (value === "" || value === "on") return true;
  if (value === "off") return false;
  throw new Error(`RATE_LIMIT must be "on" or "off"; got "${env.RATE_LIMIT}"`);
}
