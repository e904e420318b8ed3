/** Each add-on reads its own zod section of the environment; invalid turns it off, never the core (docs/decisions/0034-core-and-add-ons.md). */
import type { z } from "zod";

export type Env = Record<string, string | undefined>;

/** Settings as read: `off` (not set up), `on` with the checked value, or `invalid` naming the variables. */
export type Setting<T> =
  { state: "off" } | { state: "on"; value: T } | { state: "invalid"; problems: string[] };

/** The variables of `names` that `env` sets to more than blank text, e.g. `{ BOOKING_URL: "https://..." }`. */
export function given(env: Env, names: readonly string[]): Record<string, string> {
  const set = names.filter((name) => env[name]?.trim());
  return Object.fromEntries(set.map((name) => [name, env[name] as string]));
}

/** What a failed parse of `set` names, e.g. `["BOOKING_URL is invalid", "SALES_EMAIL is missing"]`; never a value. */
export function problemsOf(error: z.ZodError, set: Record<string, string>): string[] {
  const problems = error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return name in set ? `${name} is invalid` : `${name} is missing`;
  });
  return [...new Set(problems)];
}

export type Built<T> = { value: T } | { problems: string[] } | "off";

/** The longest value read, in characters: AWS Lambda holds 4 KB for all of a function's variables together. */
const MAX_SETTING_LENGTH = 4000;

/**
 * Reads `schema` from `env`: `off` when not set up (`whenUnset`), `invalid` when a value is longer than
 * MAX_SETTING_LENGTH (checked before any parser sees it) or the parse fails, else what `build` makes.
 */
export function readSetting<S extends z.ZodObject, T>(
  env: Env,
  schema: S,
  build: (values: z.output<S>) => Built<T>,
  whenUnset: "off" | "defaults" | { key: string } = "off",
): Setting<T> {
  const set = given(env, Object.keys(schema.shape));
  if (whenUnset === "off" && Object.keys(set).length === 0) return { state: "off" };
  if (typeof whenUnset === "object" && !(whenUnset.key in set)) return { state: "off" };
  const tooLong = Object.keys(set).filter((name) => set[name].length > MAX_SETTING_LENGTH);
  if (tooLong.length > 0) return { state: "invalid", problems: tooLong.map((name) => `${name} is invalid`) };
  const parsed = schema.safeParse(set);
  if (!parsed.success) return { state: "invalid", problems: problemsOf(parsed.error, set) };
  const built = build(parsed.data);
  if (built === "off") return { state: "off" };
  return "problems" in built
    ? { state: "invalid", problems: built.problems }
    : { state: "on", value: built.value };
}
