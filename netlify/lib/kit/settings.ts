/** Each add-on reads its own zod section of the environment; invalid turns it off, never the core (docs/decisions/0034-core-and-add-ons.md). */
import type { z } from "zod";

export type Env = Record<string, string | undefined>;

/** Settings as read: `off` (not set up), `on` with the checked value, or `invalid` naming the variables. */
export type Setting<T> =
  { state: "off" } | { state: "on"; value: T } | { state: "invalid"; problems: string[] };

/**
 * How a variable is written, for every message that names it: `shape` in words and `example`, a valid value.
 * A secret has no example (one copied from a message would not be secret); its shape says how to make one.
 */
export interface Shape {
  shape: string;
  example?: string;
}

/** Each variable of `schema` with its shape; TypeScript checks that none is left out. */
export type Shapes<S extends z.ZodObject> = Record<Extract<keyof S["shape"], string>, Shape>;

/** A problem found in the variables, by name: the value is never part of it. */
export type Problems<K extends string = string> = Partial<Record<K, "invalid" | "missing">>;

/**
 * The one wording of a setting's problem, used by the functions' log, the build's report, the settings alert and
 * every owner command, e.g. `SALES_TEAM is invalid: expected "Name <email>, ..." (at most 50 members), e.g.
 * SALES_TEAM="Ana Lopez <ana@example.com>"`. Never the value.
 */
export function settingProblem(name: string, kind: "invalid" | "missing", { shape, example }: Shape): string {
  const quoted = example && (/^[\w@.:/+-]+$/.test(example) ? example : JSON.stringify(example));
  return `${name} is ${kind}: expected ${shape}${quoted ? `, e.g. ${name}=${quoted}` : ""}`;
}

/** `problems` in `shapes`' words, in the order found. */
export function describeProblems(problems: Problems, shapes: Record<string, Shape>): string[] {
  return Object.entries(problems).map(([name, kind]) => settingProblem(name, kind!, shapes[name]));
}

/** The variables of `names` that `env` sets to more than blank text, e.g. `{ BOOKING_URL: "https://..." }`. */
export function given(env: Env, names: readonly string[]): Record<string, string> {
  const set = names.filter((name) => env[name]?.trim());
  return Object.fromEntries(set.map((name) => [name, env[name] as string]));
}

/** What a failed parse of `set` names, each variable once, in `shapes`' words; never a value. */
export function problemsOf(
  error: z.ZodError,
  set: Record<string, string>,
  shapes: Record<string, Shape>,
): string[] {
  const problems: Problems = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0]);
    problems[name] ??= name in set ? "invalid" : "missing";
  }
  return describeProblems(problems, shapes);
}

export type Built<T, K extends string = string> = { value: T } | { problems: Problems<K> } | "off";

/** The longest value read, in characters: AWS Lambda holds 4 KB for all of a function's variables together. */
const MAX_SETTING_LENGTH = 4000;

/**
 * Reads `schema` from `env`: `off` when not set up (`whenUnset`), `invalid` when a value is longer than
 * MAX_SETTING_LENGTH (checked before any parser sees it) or the parse fails, else what `build` makes. Every
 * problem is worded from `shapes`.
 */
export function readSetting<S extends z.ZodObject, T>(
  env: Env,
  { schema, shapes }: { schema: S; shapes: Shapes<S> },
  build: (values: z.output<S>) => Built<T, Extract<keyof S["shape"], string>>,
  whenUnset: "off" | "defaults" | { key: string } = "off",
): Setting<T> {
  const set = given(env, Object.keys(schema.shape));
  if (whenUnset === "off" && Object.keys(set).length === 0) return { state: "off" };
  if (typeof whenUnset === "object" && !(whenUnset.key in set)) return { state: "off" };
  const tooLong = Object.keys(set).filter((name) => set[name].length > MAX_SETTING_LENGTH);
  const invalid = (problems: Problems) => ({
    state: "invalid" as const,
    problems: describeProblems(problems, shapes),
  });
  if (tooLong.length > 0) return invalid(Object.fromEntries(tooLong.map((name) => [name, "invalid"])));
  const parsed = schema.safeParse(set);
  if (!parsed.success) return { state: "invalid", problems: problemsOf(parsed.error, set, shapes) };
  const built = build(parsed.data);
  if (built === "off") return { state: "off" };
  return "problems" in built ? invalid(built.problems) : { state: "on", value: built.value };
}
