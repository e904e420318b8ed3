import "@testing-library/jest-dom";
import { fakeDate } from "../helpers/clock";
import { checkSilencedConsoles } from "../helpers/console";

// `TEST_TODAY=<ISO time>` runs every test as if that were the time (`npm run test:dates`): a test that
// passes only on the day it was written fails there.
const today = process.env.TEST_TODAY;
if (today) {
  beforeEach(() => fakeDate(today));
  afterEach(() => jest.useRealTimers());
}

// The functions log one JSON line per step with console.log: silenced in every test, whose own
// spy on it (`jest.spyOn(console, "log")` returns this one) can still read what was logged.
beforeEach(() => {
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});

// A stray console.error fails the test. A test that expects one calls `silenceConsole("error")`
// (tests/helpers/console.ts), which replaces this recorder, and must then read what was logged.
let unexpectedErrors: unknown[][];
let consoleErrorSpy: jest.SpyInstance;
beforeEach(() => {
  unexpectedErrors = [];
  consoleErrorSpy = jest.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(args);
  });
});
afterEach(() => {
  consoleErrorSpy.mockRestore();
  checkSilencedConsoles();
  if (unexpectedErrors.length > 0) {
    throw new Error(`Unexpected console.error: ${unexpectedErrors.map((args) => args.join(" ")).join("\n")}`);
  }
});
