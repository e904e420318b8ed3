import "@testing-library/jest-dom";

// The functions log one JSON line per step with console.log: silenced in every test, whose own
// spy on it (`jest.spyOn(console, "log")` returns this one) can still read what was logged.
beforeEach(() => {
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});

// A stray console.error fails the test. A test that expects one replaces this recorder with
// its own `jest.spyOn(console, "error").mockImplementation(...)` (same spy, new implementation).
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
  if (unexpectedErrors.length > 0) {
    throw new Error(`Unexpected console.error: ${unexpectedErrors.map((args) => args.join(" ")).join("\n")}`);
  }
});
