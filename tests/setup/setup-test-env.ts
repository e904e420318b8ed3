import "@testing-library/jest-dom";
import { checkSilencedConsoles } from "../helpers/console";

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
