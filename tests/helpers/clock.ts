/**
 * The test clock: `fakeDate(at)` fakes only the process's Date, starting at `at` and advancing in real time,
 * so a job that behaves by weekday or ISO week sees a fixed day while servers' timers run for real.
 * Tests never read today's date (shared/style: lessons from the fourth review); `TEST_TODAY` runs a whole
 * suite as if it were that day (tests/setup/setup-test-env.ts).
 */
export function fakeDate(at: Date | string): void {
  jest.useFakeTimers({
    now: new Date(at),
    advanceTimers: true,
    doNotFake: [
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "requestAnimationFrame",
      "cancelAnimationFrame",
      "requestIdleCallback",
      "cancelIdleCallback",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
  });
}
