/**
 * Silenced console output that a test must read back.
 *
 * `silenceConsole(method)` replaces `console[method]` for the current test and returns its spy,
 * with `lines()` (one string per call, arguments formatted as the console would) and `text()`
 * (those lines joined by newlines). Reading what was logged, through `lines()`, `text()` or the
 * spy's `.mock` (as `expect(spy).toHaveBeenCalledWith(...)` does), marks it examined.
 * `checkSilencedConsoles()` runs after each test (tests/setup/setup-test-env.ts) and throws when
 * a console was silenced and nothing examined what it logged, so no error is hidden unread.
 * Decision 0034 (docs/decisions/0034-core-and-add-ons.md) keeps test fakes in tests/helpers/.
 */
import { format } from "node:util";

type Method = "error" | "warn";

export type SilencedConsole = jest.SpyInstance<void, unknown[]> & {
  lines(): string[];
  text(): string;
};

type Silenced = { method: Method; examined: boolean };

// On globalThis: a test that resets its modules still reports to the setup's check.
const KEY = Symbol.for("tests.silencedConsoles");
function silenced(): Silenced[] {
  const holder = globalThis as unknown as Record<symbol, Silenced[] | undefined>;
  return (holder[KEY] ??= []);
}

export function silenceConsole(method: Method = "error"): SilencedConsole {
  const spy = jest.spyOn(console, method).mockImplementation(() => undefined) as jest.SpyInstance<
    void,
    unknown[]
  >;
  const entry: Silenced = { method, examined: false };
  silenced().push(entry);
  const lines = (): string[] => {
    entry.examined = true;
    return spy.mock.calls.map((args) => format(...args));
  };
  const text = (): string => lines().join("\n");
  return new Proxy(spy, {
    get(target, property, receiver) {
      if (property === "lines") return lines;
      if (property === "text") return text;
      if (property === "mock") entry.examined = true;
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as SilencedConsole;
}

/** Throws when a console silenced in the test that just ran was never read; then forgets them. */
export function checkSilencedConsoles(): void {
  const list = silenced();
  const unread = list.filter((entry) => !entry.examined).map((entry) => `console.${entry.method}`);
  list.length = 0;
  if (unread.length > 0) {
    throw new Error(`${unread.join(", ")} silenced but what it logged was never examined`);
  }
}
