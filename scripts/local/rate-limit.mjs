/**
 * The functions' `config.rateLimit`, enforced by `npm start` as Netlify's emulation does not
 * (docs/decisions/0012-local-server-hardening.md).
 */
import { readFunctionModules } from "./body-limits.mjs";

/** Every function in `functionsDir` with a `rateLimit`, and the paths it answers on. */
export async function functionRateLimits(functionsDir) {
  return (await readFunctionModules(functionsDir))
    .filter(({ config, paths }) => config.rateLimit && paths.length > 0)
    .map(({ name, paths, config }) => ({ name, paths, rateLimit: config.rateLimit }));
}

/** The parts of a client's key, in order: "ip" and/or "domain". */
export function rateLimitKeys({ aggregateBy }) {
  return Array.isArray(aggregateBy) ? aggregateBy : ["domain"];
}

/**
 * A sliding-window limiter: `take({ ip, domain })` answers `{ allowed: true }`, or `{ allowed: false,
 * retryAfterSeconds }` (not counted) past `windowLimit` in `windowSize` seconds.
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
 * The answer to a refused request: with `action: "rewrite"` the path it is rewritten to, `{ rewrite: "/page.html" }`,
 * which the server answers as Netlify does, with that page; else the 429, JSON with Retry-After.
 */
export function tooManyRequests(retryAfterSeconds, rateLimit = {}) {
  if (rateLimit.action === "rewrite" && typeof rateLimit.to === "string") return { rewrite: rateLimit.to };
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

/** False only for RATE_LIMIT=off; throws for any value but unset, "on" or "off", so a typo is not silent. */
export function rateLimitEnabled(env = process.env) {
  const value = env.RATE_LIMIT?.trim().toLowerCase() ?? "";
  if (value === "" || value === "on") return true;
  if (value === "off") return false;
  throw new Error(`RATE_LIMIT must be "on" or "off"; got "${env.RATE_LIMIT}"`);
}
