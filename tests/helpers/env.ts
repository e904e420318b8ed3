/**
 * process.env in tests, saved and put back in one place.
 *
 * - `restoreEnvAfterEach()`: call once at the top of a file (or a describe block), before the
 *   hooks that set variables; after each test, process.env is again what it was before that test.
 * - `withEnv(vars, run)`: runs `run` with `vars` set (`undefined` deletes one) and puts back the
 *   previous values afterwards, also when `run` throws or its promise rejects. Returns what `run`
 *   returns.
 */
export function restoreEnvAfterEach(): void {
  let saved: NodeJS.ProcessEnv = {};
  beforeEach(() => {
    saved = { ...process.env };
  });
  afterEach(() => {
    process.env = saved;
  });
}

function apply(vars: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

export function withEnv<T>(vars: Record<string, string | undefined>, run: () => T): T {
  const previous = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  apply(vars);
  let result: T;
  try {
    result = run();
  } catch (error) {
    apply(previous);
    throw error;
  }
  if (result instanceof Promise) return result.finally(() => apply(previous)) as T;
  apply(previous);
  return result;
}
