/**
 * The functions' rate limits in the local server (issue 13, "Rate limits that are real and
 * tested"): Netlify enforces a function's `config.rateLimit`, but its local emulation does not, so
 * `npm start` does it here, with the numbers read from the function's own config (never repeated).
 *
 * - `functionRateLimits(dir)`: every function in `dir` whose config has a `rateLimit`, with the
 *   paths it answers on, as @netlify/zip-it-and-ship-it parses them for a deploy.
 * - `createSlidingWindowLimiter(rateLimit, now)`: per key, at most `windowLimit` requests in any
 *   `windowSize` seconds; a refused request does not count. The key is built from
 *   `aggregateBy` as the deploy turns it into a traffic rule (`getTrafficRulesConfig`): the
 *   client IP and/or the domain (the Host name); a single string or nothing means the domain.
 * - `tooManyRequests(retryAfterSeconds)`: the 429 answer, JSON `{ "error": ... }` with Retry-After.
 * - `rateLimitEnabled(env)`: false only for RATE_LIMIT=off (load benchmarks).
 *
 * Private detail (decision docs/decisions/0012-local-server-hardening.md): the config parser and
 * the traffic-rule builder are zip-it-and-ship-it's internal modules (it comes with @netlify/dev);
 * tests/security/rate-limit.test.mjs fails when an upgrade moves or changes them.
 */
import { readdir } from "node:fs/promises";
import { extname, join } from "node:path";
import { parseFile } from "@netlify/zip-it-and-ship-it/dist/runtimes/node/in_source_config/index.js";
import { getTrafficRulesConfig } from "@netlify/zip-it-and-ship-it/dist/rate_limit.js";

const FUNCTION_FILE = new Set([".mts", ".ts", ".mjs", ".js", ".cjs", ".cts"]);

/**
 * @param {string} functionsDir absolute path of netlify/functions
 * @returns {Promise<Array<{ name: string, paths: string[], rateLimit: { windowLimit: number,
 *   windowSize: number, aggregateBy?: string | string[] } }>>}
 */
export async function functionRateLimits(functionsDir) {
  const limits = [];
  for (const file of (await readdir(functionsDir)).sort()) {
    const extension = extname(file);
    if (!FUNCTION_FILE.has(extension)) continue;
    const name = file.slice(0, -extension.length);
    const { config } = await parseFile(join(functionsDir, file), { functionName: name });
    if (config.rateLimit && config.path)
      limits.push({ name, paths: config.path, rateLimit: config.rateLimit });
  }
  return limits;
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
  const rule = getTrafficRulesConfig(rateLimit).action.config;
  const { windowLimit, windowSize } = rule.rateLimitConfig;
  const windowMs = windowSize * 1000;
  const keyParts = rule.aggregate.keys.map((key) => key.type);
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
