import "@testing-library/jest-dom";

// A stray console.error fails the test unless the test expects it (spy on it and mock it).
let consoleErrorSpy: jest.SpyInstance;
beforeEach(() => {
  consoleErrorSpy = jest.spyOn(console, "error");
});
afterEach(() => {
  const calls = consoleErrorSpy.mock.calls;
  const wasMocked = consoleErrorSpy.getMockImplementation() !== undefined;
  consoleErrorSpy.mockRestore();
  if (!wasMocked && calls.length > 0) {
    throw new Error(`Unexpected console.error: ${calls.map((c) => c.join(" ")).join("\n")}`);
  }
});
