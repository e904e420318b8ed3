/**
 * @jest-environment node
 */
// The one circuit breaker of the jobs' sends (docs/decisions/0034-core-and-add-ons.md): retryable
// failures in a row open it, a success resets the count, a permanent refusal leaves it, and a time
// budget opens it too.
import { createBreaker } from "../../../netlify/lib/kit/jobs";

const SENT = { status: "sent" };
const DOWN = { status: "retryable" };
const REFUSED = { status: "permanent" };

test("opens after the given number of retryable failures in a row, and says why", () => {
  const breaker = createBreaker({ failures: 2 });
  breaker.record(DOWN);
  expect(breaker.allows()).toBe(true);
  expect(breaker.reason).toBeUndefined();
  breaker.record(DOWN);
  expect(breaker.allows()).toBe(false);
  expect(breaker.reason).toBe("failing");
});

test("a success resets the count; a permanent refusal neither counts nor resets", () => {
  const breaker = createBreaker({ failures: 3 });
  for (const result of [DOWN, DOWN, SENT, DOWN, REFUSED, DOWN]) breaker.record(result);
  expect(breaker.allows()).toBe(true);
  breaker.record(DOWN);
  expect(breaker.allows()).toBe(false);
});

test("opens three failures in a row by default", () => {
  const breaker = createBreaker();
  breaker.record(DOWN);
  breaker.record(DOWN);
  expect(breaker.allows()).toBe(true);
  breaker.record(DOWN);
  expect(breaker.allows()).toBe(false);
});

test("opens once its time budget is spent, counted from its creation on its clock", () => {
  let clock = 1_000;
  const breaker = createBreaker({ budgetMs: 500, now: () => clock });
  clock = 1_499;
  expect(breaker.allows()).toBe(true);
  clock = 1_500;
  expect(breaker.allows()).toBe(false);
  expect(breaker.reason).toBe("out of time");
});

test("without a budget it never runs out of time; with a zero budget it allows nothing", () => {
  let clock = 0;
  const unlimited = createBreaker({ now: () => clock });
  clock = Number.MAX_SAFE_INTEGER;
  expect(unlimited.allows()).toBe(true);
  expect(createBreaker({ budgetMs: 0 }).allows()).toBe(false);
});
