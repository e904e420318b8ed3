/**
 * A test server shared by the tests of one file.
 *
 * `serverForFile(name, start)`: call at the top of a file (or a describe block). Runs `start` before
 * the file's tests and `close()` after them, and returns a stand-in that forwards every property
 * and method to the started server; reading it before the server is up (outside a test or hook)
 * throws, naming `name`.
 * Decision 0034 (docs/decisions/0034-core-and-add-ons.md) keeps test fakes in tests/helpers/.
 */
export function serverForFile<T extends { close(): unknown }>(name: string, start: () => Promise<T>): T {
  let server: T | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.close();
  });
  return new Proxy({} as T, {
    get(_, property) {
      if (!server) throw new Error(`${name} is not started yet: read it inside a test or hook`);
      const value = Reflect.get(server, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(server) : value;
    },
  });
}
