// The demo-request function's rate limit: `npm start` enforces the numbers of the function's own
// `config.rateLimit` with a sliding window per client IP and domain (scripts/local/local-guard.mjs),
// checked here with a simulated clock. That the deploy reads the same numbers is checked on the
// bundle Netlify's bundler makes (tests/deploy/functions-bundle.test.mjs).
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { createJiti } from "jiti";
import {
  createLocalGuard,
  createSlidingWindowLimiter,
  functionRateLimits,
  rateLimitEnabled,
  tooManyRequests,
} from "../../scripts/local/local-guard.mjs";

const FUNCTIONS = join(import.meta.dirname, "..", "..", "netlify", "functions");

test("the local server reads each function's rateLimit from its config: the demo request and the form token", async () => {
  const jiti = createJiti(import.meta.url, { jsx: true });
  const { config } = await jiti.import(join(FUNCTIONS, "send-contact-email.mts"));
  assert.deepEqual(config.rateLimit.aggregateBy, ["ip", "domain"], "per client IP and site");
  assert.deepEqual(
    (await functionRateLimits(FUNCTIONS)).find((limit) => limit.name === "send-contact-email"),
    { name: "send-contact-email", paths: ["/api/send-contact-email"], rateLimit: config.rateLimit },
  );
});

/** A limiter on a simulated clock: `take(client, seconds)` asks at that second. */
function limiterAt(rateLimit) {
  let ms = 0;
  const limiter = createSlidingWindowLimiter(rateLimit, () => ms);
  return {
    take: (client, seconds) => {
      ms = seconds * 1000;
      return limiter.take(client);
    },
  };
}

const alice = { ip: "192.0.2.1", domain: "localhost" };
const TEN_A_MINUTE = { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] };

test("10 requests a minute pass, the 11th is refused with the seconds until the oldest leaves the window", () => {
  const limiter = limiterAt(TEN_A_MINUTE);
  for (let i = 0; i < 10; i++) assert.deepEqual(limiter.take(alice, i), { allowed: true });
  assert.deepEqual(limiter.take(alice, 20.5), { allowed: false, retryAfterSeconds: 40 });
  assert.deepEqual(limiter.take(alice, 59.9), { allowed: false, retryAfterSeconds: 1 });
  // The request of second 0 leaves at 60; the refused ones never counted.
  assert.deepEqual(limiter.take(alice, 60), { allowed: true });
  assert.equal(limiter.take(alice, 60.5).allowed, false);
  assert.deepEqual(limiter.take(alice, 61), { allowed: true });
});

test("the window slides: no fresh allowance at a minute boundary", () => {
  const limiter = limiterAt(TEN_A_MINUTE);
  for (let i = 0; i < 10; i++) assert.equal(limiter.take(alice, 59).allowed, true);
  // A fixed window [60, 120) would let 10 more through here, 20 in two seconds.
  assert.deepEqual(limiter.take(alice, 61), { allowed: false, retryAfterSeconds: 58 });
  assert.equal(limiter.take(alice, 119).allowed, true);
});

test("the key is the client IP and the domain: another client or domain has its own window", () => {
  const limiter = limiterAt(TEN_A_MINUTE);
  for (let i = 0; i < 10; i++) limiter.take(alice, 1);
  assert.equal(limiter.take(alice, 2).allowed, false);
  assert.equal(limiter.take({ ...alice, ip: "192.0.2.2" }, 2).allowed, true);
  assert.equal(limiter.take({ ...alice, domain: "127.0.0.1" }, 2).allowed, true);
});

test("without an aggregateBy list the key is the domain alone, as the deploy's traffic rule has it", () => {
  for (const aggregateBy of [undefined, "ip"]) {
    const limiter = limiterAt({ windowLimit: 2, windowSize: 10, aggregateBy });
    limiter.take({ ip: "192.0.2.1", domain: "localhost" }, 0);
    limiter.take({ ip: "192.0.2.2", domain: "localhost" }, 0);
    assert.equal(limiter.take({ ip: "192.0.2.3", domain: "localhost" }, 1).allowed, false);
  }
});

test("the 429 answer is JSON with Retry-After", () => {
  const answer = tooManyRequests(40);
  assert.equal(answer.status, 429);
  assert.equal(answer.headers["retry-after"], "40");
  assert.match(answer.headers["content-type"], /^application\/json/);
  assert.deepEqual(JSON.parse(answer.body), { error: "Too many requests; try again in 40 seconds" });
});

test("RATE_LIMIT: on unless off; anything else is an error, not a guess", () => {
  assert.equal(rateLimitEnabled({}), true);
  assert.equal(rateLimitEnabled({ RATE_LIMIT: "on" }), true);
  assert.equal(rateLimitEnabled({ RATE_LIMIT: " OFF " }), false);
  assert.throws(() => rateLimitEnabled({ RATE_LIMIT: "0" }), /RATE_LIMIT must be "on" or "off"; got "0"/);
});

test("a function path with a parameter is limited on every path it matches: the claim page at /leads/:id", async () => {
  const limits = await functionRateLimits(FUNCTIONS);
  const claimPage = limits.find((limit) => limit.name === "lead-follow-up-page");
  // The release page of a lead held as spam shares the claim page's function and its window.
  assert.deepEqual(claimPage?.paths, ["/leads/:id", "/leads/:id/release"]);
  const guard = createLocalGuard({
    host: "127.0.0.1",
    triggerSecret: "s".repeat(64),
    rateLimits: limits,
    now: () => 0,
  });
  const request = (path) => ({
    url: path,
    headers: { host: "localhost:8888" },
    socket: { remoteAddress: "127.0.0.1", localPort: 8888 },
  });
  const id = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
  // A signed link is the page's protection: the limit is far above what a team behind one address opens.
  const { windowLimit, windowSize } = claimPage.rateLimit;
  assert.ok(windowLimit / windowSize >= 5, `${windowLimit} in ${windowSize} s`);
  for (let i = 0; i < windowLimit - 1; i++) assert.equal(guard(request(`/leads/${id}?sig=x${i}`)), null);
  // The release page shares the window.
  assert.equal(guard(request(`/leads/${id}/release?sig=x`)), null);
  // Past it, the request is answered by the page the rule rewrites to, never JSON.
  assert.deepEqual(guard(request(`/LEADS/${id.toUpperCase()}/`)), { rewrite: "/too-many-requests.html" });
  assert.deepEqual(guard(request(`/leads/${id}/release/`)), { rewrite: "/too-many-requests.html" });
  assert.equal(guard(request("/about")), null);
});

test("a rule with action rewrite names the page to answer with; without one the answer is the JSON 429", () => {
  const rewrite = { windowLimit: 1, windowSize: 60, action: "rewrite", to: "/too-many-requests.html" };
  assert.deepEqual(tooManyRequests(30, rewrite), { rewrite: "/too-many-requests.html" });
  assert.equal(tooManyRequests(30, { windowLimit: 1, windowSize: 60 }).status, 429);
  assert.equal(tooManyRequests(30, { ...rewrite, to: undefined }).status, 429);
});
