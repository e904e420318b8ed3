/**
 * How a part of the site reads its own settings (docs/decisions/0034-core-and-add-ons.md): each
 * add-on owns a zod section of the environment; a missing section turns the add-on off and an
 * invalid one turns it off naming the variable, never the core.
 */
import type { z } from "zod";

/** The environment as read, e.g. `process.env`. */
export type Env = Record<string, string | undefined>;

/** Settings as read: `off` (not set up), `on` with the checked value, or `invalid` naming the variables. */
export type Setting<T> =
  { state: "off" } | { state: "on"; value: T } | { state: "invalid"; problems: string[] };

/** The variables of `names` that `env` sets to more than blank text, e.g. `{ BOOKING_URL: "https://..." }`. */
export function given(env: Env, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value.trim() !== "") out[name] = value;
  }
  return out;
}

/** What a failed parse of `set` names, e.g. `["BOOKING_URL is invalid", "SALES_EMAIL is missing"]`; never a value. */
export function problemsOf(error: z.ZodError, set: Record<string, string>): string[] {
  const problems = error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return name in set ? `${name} is invalid` : `${name} is missing`;
  });
  return [...new Set(problems)];
}

/** What an add-on makes of its parsed variables: its value, the problems across them, or off. */
export type Built<T> = { value: T } | { problems: string[] } | "off";

/**
 * Reads `schema` from the variables it names in `env`. `off` when the add-on is not set up:
 * `whenUnset` "off" means none of its variables is set, `{ key }` that the variable switching it
 * on is not, "defaults" never (it runs on defaults). Else `invalid` when the parse fails, or what
 * `build` makes of the values: `{ value }`, `{ problems }` (a check across variables), or "off".
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
  const parsed = schema.safeParse(set);
  if (!parsed.success) return { state: "invalid", problems: problemsOf(parsed.error, set) };
  const built = build(parsed.data);
  if (built === "off") return { state: "off" };
  return "problems" in built
    ? { state: "invalid", problems: built.problems }
    : { state: "on", value: built.value };
}
