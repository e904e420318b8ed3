/**
 * The one place that puts the core and its plugins together (docs/decisions/0034-core-and-add-ons.md,
 * docs/decisions/0043-plugins.md): every function reads its configuration here; a plugin whose settings are
 * invalid is off and named, and the demo request goes on.
 */
import { bookingPlugin } from "./add-ons/booking/plugin";
import { companyMatchPlugin } from "./add-ons/company-match/plugin";
import { confirmationPlugin } from "./add-ons/confirmation/plugin";
import { emailClassPlugin } from "./add-ons/email-class/plugin";
import { followUpPlugin } from "./add-ons/follow-up/plugin";
import { hubspotPlugin } from "./add-ons/hubspot/plugin";
import { privacyPlugin } from "./add-ons/privacy/plugin";
import { slackPlugin } from "./add-ons/slack/plugin";
import { summaryPlugin } from "./add-ons/summary/plugin";
import { webhookPlugin } from "./add-ons/webhook/plugin";
import type { AddOn } from "./core/add-on";
import type { Plugin, PluginOverrides, SettingsPart } from "./core/plugin";
import {
  loadCoreConfig,
  resetCoreConfig,
  type ConfigResult,
  type PartReport,
  type PluginSettings,
  type ServerConfig,
} from "./core/config";
import { errorName, logError } from "./kit/log";
import { given, type Env, type Setting } from "./kit/settings";

/** Every plugin, in hook order; its settings parts in the report's order. Removing a line removes the feature. */
export const PLUGINS: readonly Plugin[] = [
  emailClassPlugin,
  confirmationPlugin,
  webhookPlugin,
  bookingPlugin,
  followUpPlugin,
  slackPlugin,
  privacyPlugin,
  summaryPlugin,
  hubspotPlugin,
  companyMatchPlugin,
];

/** Every plugin's settings parts, in the report's order. */
export const SETTINGS_PARTS: readonly SettingsPart[] = PLUGINS.flatMap((plugin) => plugin.settings ?? []);

/** `part`'s settings; whatever its reader throws turns only it off, naming the variables set, never a value. */
function guarded(env: Env, part: SettingsPart, on: Partial<PluginSettings>): Setting<unknown> {
  try {
    return part.read(env, on);
  } catch (error) {
    const set = Object.keys(given(env, part.variables));
    const names = (set.length > 0 ? set : part.variables).join(", ");
    return { state: "invalid", problems: [`${names} could not be read (${errorName(error)})`] };
  }
}

/** Every part's settings, in order; each reader is given the values of the parts before it that are on. */
function readParts(env: Env): { part: SettingsPart; setting: Setting<unknown> }[] {
  const on: Partial<PluginSettings> = {};
  return SETTINGS_PARTS.map((part) => {
    const setting = guarded(env, part, on);
    if (setting.state === "on") Object.assign(on, { [part.key]: setting.value });
    return { part, setting };
  });
}

function addOnReport(read: ReturnType<typeof readParts>): PartReport[] {
  return read.map(({ part, setting }) => ({
    name: part.name,
    state: setting.state,
    problems: setting.state === "invalid" ? setting.problems : [],
  }));
}

/** The core's configuration (its problems fail the whole) and each plugin's, with a report of every part. */
export function loadConfig(env: Env = process.env): ConfigResult {
  const loaded = loadCoreConfig(env);
  if (!loaded.ok) return loaded;
  const { core, tunables } = loaded;
  const read = readParts(env);
  let config: ServerConfig = { ...core };
  for (const { part, setting } of read)
    if (setting.state === "on") config = { ...config, [part.key]: setting.value };
  for (const plugin of PLUGINS) config = { ...config, ...plugin.settle?.(config) };
  return {
    ok: true,
    config,
    report: [
      { name: "core", state: tunables.length > 0 ? "invalid" : "on", problems: tunables },
      ...addOnReport(read),
    ],
  };
}

/**
 * The build's report: `loadConfig`'s, and when the core's variables are missing (a build may not see them),
 * still each plugin's, judged alone, so an invalid one is named and fails the build.
 */
export function settingsReport(env: Env): ConfigResult {
  const result = loadConfig(env);
  return result.ok ? result : { ...result, report: addOnReport(readParts(env)) };
}

/** The lines of a report, e.g. `follow-up: off, invalid (BUSINESS_HOURS is invalid)`; never a value. */
export function reportLines(result: ConfigResult): string[] {
  const core = result.ok ? [] : [`core: not configured (${result.problems.join("; ")})`];
  const parts = (result.report ?? []).map(({ name, state, problems }) =>
    state !== "invalid"
      ? `${name}: ${state}`
      : name === "core"
        ? `core: on, with defaults for ${problems.join("; ")}`
        : `${name}: off, invalid (${problems.join("; ")})`,
  );
  return [...core, ...parts];
}

/** The parts whose settings are invalid, as `name: problem; problem`. */
export function invalidParts(result: ConfigResult): string[] {
  return (result.report ?? [])
    .filter((part) => part.state === "invalid")
    .map((part) => `${part.name}: ${part.problems.join("; ")}`);
}

/** The log's line for each part off for invalid settings, e.g. `SETTINGS INVALID, add-on off: follow-up: SALES_TEAM is invalid: ...`. */
export const settingsWarnings = (result: ConfigResult): string[] =>
  invalidParts(result).map((part) => `SETTINGS INVALID, add-on off: ${part}`);

/** The hooks of the plugins on for `config`, in PLUGINS' order; each plugin imports its hooks only when on. */
export async function addOnsFor(config: ServerConfig, overrides: PluginOverrides = {}): Promise<AddOn[]> {
  const loaded = await Promise.all(PLUGINS.map(async (plugin) => plugin.load?.(config, overrides)));
  return loaded.filter((addOn) => addOn !== undefined);
}

/**
 * The settings of the part stored under `key`, read through the same guard as `loadConfig` reads it, without the
 * core's: for a job that needs none of the core's variables (the retention job). Undefined when no plugin has such a part.
 */
export function partSetting<K extends keyof PluginSettings>(
  key: K,
  env: Env = process.env,
): Setting<NonNullable<PluginSettings[K]>> | undefined {
  const read = readParts(env).find(({ part }) => part.key === key);
  return read && (read.setting as Setting<NonNullable<PluginSettings[K]>>);
}

let cached: ConfigResult | undefined;

/**
 * The configuration, read once per cold start, which logs every invalid part unless SETTINGS_REPORTED=true: the
 * local emulation starts a fresh worker for every call, so it reports the settings itself, once, as it starts,
 * and sets that for its functions (scripts/local/site-server.mjs).
 */
export function getConfig(): ConfigResult {
  if (!cached) {
    cached = loadConfig();
    if (process.env.SETTINGS_REPORTED !== "true") for (const line of settingsWarnings(cached)) logError(line);
  }
  return cached;
}

/** Forgets the cached configuration (tests change the environment between cases). */
export function resetConfig(): void {
  cached = undefined;
  resetCoreConfig();
}
