/**
 * What the local servers check, as Netlify's emulation does not (docs/decisions/0012-local-server-hardening.md): the Host
 * (421), the per-run trigger secret on a function's default URL (403), the functions' `config.rateLimit` and `maxBodyBytes`.
 */
import { timingSafeEqual } from "node:crypto";
import { readdir } from "node:fs/promises";
import { extname, join } from "node:path";
import { createJiti } from "jiti";

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);
const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);
const FUNCTION_FILE = new Set([".mts", ".ts", ".mjs", ".js", ".cjs", ".cts"]);
export const LOCAL_TRIGGER_HEADER = "x-local-trigger-secret";
export const LOCAL_BODY_MARGIN_BYTES = 16 * 1024;

/** `{ status, headers, body }` of a JSON `{ error }` answer, never cached. */
export const jsonRefusal = (status, error, headers = {}) => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  body: JSON.stringify({ error }),
});

export const isLoopbackName = (hostname) => LOOPBACK_NAMES.has(hostname);

/** The address to listen on: HOST (e.g. a LAN address for a phone), else 127.0.0.1. */
export const listenHost = (env = process.env) => env.HOST?.trim() || "127.0.0.1";

export const isLocalhostAddress = (host) => isLoopbackName(host) || host === "::1" || WILDCARDS.has(host);

/**
 * True when `hostHeader` names this machine at `port`: a loopback name, or `host` (the listen address), which as a
 * wildcard admits no other name. A Host with anything more (a path, user info) is false.
 */
export function isAllowedHost(hostHeader, host, port) {
  if (!hostHeader || !URL.canParse(`http://${hostHeader}`)) return false;
  const url = new URL(`http://${hostHeader}`);
  if (url.href !== `http://${url.host}/` || Number(url.port || 80) !== port) return false;
  if (LOOPBACK_NAMES.has(url.hostname)) return true;
  const own = host.toLowerCase();
  return !WILDCARDS.has(own) && (url.hostname === own || url.hostname === `[${own}]`);
}

/** The 421 for a Host that is not this machine (a DNS-rebinding page, say). */
const misdirectedRequest = () => ({
  status: 421,
  headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  body: "Misdirected request: this local server answers only to localhost, 127.0.0.1 and [::1] at its own port.\n",
});

/**
 * The one Host check of every local server and sink, on every path: null when `req`'s Host names this machine
 * (see isAllowedHost) at the port the request came in on, else misdirectedRequest's 421. `host`: the listen address.
 */
export const hostRefusal = (req, host = "127.0.0.1") =>
  isAllowedHost(req.headers.host, host, req.socket.localPort) ? null : misdirectedRequest();

/** Every function in `functionsDir`: `{ name, paths, config, maxBodyBytes }[]`; throws for a bad one. */
export async function readFunctionModules(functionsDir) {
  const jiti = createJiti(functionsDir, { jsx: true });
  const modules = [];
  for (const file of (await readdir(functionsDir)).sort()) {
    const extension = extname(file);
    if (!FUNCTION_FILE.has(extension)) continue;
    const { config = {}, maxBodyBytes } = await jiti.import(join(functionsDir, file));
    if (maxBodyBytes !== undefined && !(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0))
      throw new Error(`${file}: maxBodyBytes must be a positive integer`);
    const paths = config.path ? [config.path].flat() : [];
    modules.push({ name: file.slice(0, -extension.length), paths, config, maxBodyBytes });
  }
  return modules;
}

/** Every function in `functionsDir` with a `rateLimit`: `{ name, paths, rateLimit }[]`. */
export async function functionRateLimits(functionsDir) {
  return (await readFunctionModules(functionsDir))
    .filter(({ config, paths }) => config.rateLimit && paths.length > 0)
    .map(({ name, paths, config }) => ({ name, paths, rateLimit: config.rateLimit }));
}

// Ignores case and one trailing slash, as the emulation's routing does, or a limit could be sidestepped.
function pathMatcher(paths) {
  const patterns = paths.map((pathname) => new URLPattern({ pathname }, { ignoreCase: true }));
  return (pathname) => {
    const trimmed = pathname.replace(/(.)\/$/, "$1");
    return patterns.some((pattern) => pattern.test({ pathname: trimmed }));
  };
}

/** `(path) => { limitBytes, capBytes }`, the cap a margin above so the function answers its own 413. */
export function bodyLimits(functions) {
  const limited = functions
    .filter((fn) => fn.maxBodyBytes !== undefined)
    .map(({ name, paths, maxBodyBytes }) => ({
      // Its default URL routes to it too (locally behind the trigger secret).
      matches: pathMatcher([...paths, `/.netlify/functions/${name}`]),
      limitBytes: maxBodyBytes,
    }));
  if (limited.length === 0) throw new Error("no function exports maxBodyBytes");
  const fallback = Math.min(...limited.map(({ limitBytes }) => limitBytes));
  return (pathname) => {
    const limitBytes = limited.find(({ matches }) => matches(pathname))?.limitBytes ?? fallback;
    return { limitBytes, capBytes: limitBytes + LOCAL_BODY_MARGIN_BYTES };
  };
}

/** The parts of a client's key, in order: "ip" and/or "domain". */
export const rateLimitKeys = ({ aggregateBy }) => (Array.isArray(aggregateBy) ? aggregateBy : ["domain"]);

/** `take({ ip, domain })`: `{ allowed: true }`, or past the limit `{ allowed: false, retryAfterSeconds }`. */
export function createSlidingWindowLimiter(rateLimit, now = Date.now) {
  const windowMs = rateLimit.windowSize * 1000;
  const keyParts = rateLimitKeys(rateLimit);
  const recent = new Map();
  return {
    take({ ip, domain }) {
      const key = keyParts.map((part) => (part === "ip" ? ip : domain)).join("|");
      const t = now();
      const times = (recent.get(key) ?? []).filter((time) => t - time < windowMs);
      recent.set(key, times);
      if (times.length >= rateLimit.windowLimit) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((times[0] + windowMs - t) / 1000)),
        };
      }
      times.push(t);
      return { allowed: true };
    },
  };
}

/** A refused request's answer: `{ rewrite: "/page.html" }` for `action: "rewrite"`, else the JSON 429. */
export function tooManyRequests(retryAfterSeconds, rateLimit = {}) {
  if (rateLimit.action === "rewrite" && typeof rateLimit.to === "string") return { rewrite: rateLimit.to };
  return jsonRefusal(429, `Too many requests; try again in ${retryAfterSeconds} seconds`, {
    "x-content-type-options": "nosniff",
    "retry-after": String(retryAfterSeconds),
  });
}

/** False only for RATE_LIMIT=off; throws for any value but unset, "on" or "off", so a typo is not silent. */
export function rateLimitEnabled(env = process.env) {
  const value = env.RATE_LIMIT?.trim().toLowerCase() ?? "";
  if (value === "" || value === "on") return true;
  if (value === "off") return false;
  throw new Error(`RATE_LIMIT must be "on" or "off"; got "${env.RATE_LIMIT}"`);
}

function hasTriggerSecret(headerValue, secret) {
  if (typeof headerValue !== "string") return false;
  const given = Buffer.from(headerValue);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The checker: null to pass, else the answer to send, or `{ rewrite }`, the page to answer with instead. */
export function createLocalGuard({ host, triggerSecret, rateLimits = [], now = Date.now }) {
  const limited = rateLimits.map(({ paths, rateLimit }) => ({
    matches: pathMatcher(paths),
    limiter: createSlidingWindowLimiter(rateLimit, now),
    rateLimit,
  }));
  return (req) => {
    const misdirected = hostRefusal(req, host);
    if (misdirected) return misdirected;
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    if (
      url.pathname.startsWith("/.netlify/functions/") &&
      !hasTriggerSecret(req.headers[LOCAL_TRIGGER_HEADER], triggerSecret)
    ) {
      return jsonRefusal(
        403,
        "Running a function by its default URL needs this server's trigger secret; use npm run leads:retry or npm run leads:retention",
      );
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
