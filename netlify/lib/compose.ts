/**
 * The one place that puts the core and its add-ons together (docs/decisions/0034-core-and-add-ons.md): every
 * function reads its configuration here; an invalid add-on is off and named, and the demo request goes on.
 */
import {
  BOOKING_LINK_VARIABLES,
  bookingLinkSettings,
  CAL_WEBHOOK_VARIABLES,
  calWebhookSettings,
} from "./add-ons/booking/settings";
import {
  CONFIRMATION_DEFAULTS,
  CONFIRMATION_VARIABLES,
  confirmationSettings,
} from "./add-ons/confirmation/settings";
import {
  FOLLOW_UP_VARIABLES,
  followUpSettings,
  SLACK_VARIABLES,
  slackButtons,
  slackSettings,
} from "./add-ons/follow-up/settings";
import { WEBHOOK_VARIABLES, webhookSettings } from "./add-ons/webhook/settings";
import type { ThanksTickets } from "./add-ons/booking/add-on";
import type { ConfirmationLimits } from "./add-ons/confirmation/confirmation-limits";
import { offAddOn, type AddOn } from "./core/add-on";
import { loadCoreConfig, type ConfigResult, type PartReport, type ServerConfig } from "./core/config";
import { errorName, logError } from "./kit/log";
import { given, type Env, type Setting } from "./kit/settings";

/** One add-on's settings: its name in the report, the variables it reads, and its reader, which needs only `env`. */
interface AddOnSettings<T> {
  name: string;
  variables: readonly string[];
  read: (env: Env) => Setting<T>;
}

/** Every add-on's settings, in the report's order. */
export const ADD_ON_SETTINGS = {
  confirmation: {
    name: "confirmation e-mail",
    variables: CONFIRMATION_VARIABLES,
    read: confirmationSettings,
  },
  webhook: { name: "lead webhook", variables: WEBHOOK_VARIABLES, read: webhookSettings },
  bookingLink: { name: "booking link", variables: BOOKING_LINK_VARIABLES, read: bookingLinkSettings },
  calWebhook: { name: "Cal.com bookings", variables: CAL_WEBHOOK_VARIABLES, read: calWebhookSettings },
  followUp: { name: "follow-up", variables: FOLLOW_UP_VARIABLES, read: followUpSettings },
  slack: { name: "Slack buttons", variables: SLACK_VARIABLES, read: slackSettings },
} satisfies Record<string, AddOnSettings<unknown>>;

type AddOnKey = keyof typeof ADD_ON_SETTINGS;
const ADD_ON_KEYS = Object.keys(ADD_ON_SETTINGS) as AddOnKey[];
type AddOnSettingsRead = { [K in AddOnKey]: ReturnType<(typeof ADD_ON_SETTINGS)[K]["read"]> };

/** `part`'s settings; whatever its reader throws turns only it off, naming the variables set, never a value. */
function guarded(env: Env, part: AddOnSettings<unknown>): Setting<unknown> {
  try {
    return part.read(env);
  } catch (error) {
    const set = Object.keys(given(env, part.variables));
    const names = (set.length > 0 ? set : part.variables).join(", ");
    return { state: "invalid", problems: [`${names} could not be read (${errorName(error)})`] };
  }
}

/** Each add-on's settings, each read alone through the guard; Slack's buttons then need follow-up's roster. */
function readAddOns(env: Env) {
  const read = Object.fromEntries(
    ADD_ON_KEYS.map((key) => [key, guarded(env, ADD_ON_SETTINGS[key])]),
  ) as AddOnSettingsRead;
  return { ...read, slack: slackButtons(read.slack, read.followUp) };
}

const reportOf = (name: string, setting: Setting<unknown>): PartReport => ({
  name,
  state: setting.state,
  problems: setting.state === "invalid" ? setting.problems : [],
});

const addOnReport = (settings: ReturnType<typeof readAddOns>): PartReport[] =>
  ADD_ON_KEYS.map((key) => reportOf(ADD_ON_SETTINGS[key].name, settings[key]));

const valueOf = <T>(setting: Setting<T>): T | undefined =>
  setting.state === "on" ? setting.value : undefined;

/** The core's configuration (its problems fail the whole) and each add-on's, with a report of every part. */
export function loadConfig(env: Env = process.env): ConfigResult {
  const loaded = loadCoreConfig(env);
  if (!loaded.ok) return loaded;
  const { core, tunables } = loaded;
  const settings = readAddOns(env);
  const leadWebhook = valueOf(settings.webhook);
  const confirmationOn = valueOf(settings.confirmation);
  return {
    ok: true,
    config: {
      ...core,
      confirmationEmail: confirmationOn !== undefined,
      confirmationDailyLimit: (confirmationOn ?? CONFIRMATION_DEFAULTS).dailyLimit,
      confirmationClientDailyLimit: (confirmationOn ?? CONFIRMATION_DEFAULTS).clientDailyLimit,
      leadWebhook: leadWebhook && {
        ...leadWebhook,
        slackButtons: leadWebhook.format === "slack" && settings.slack.state === "on",
      },
      bookingUrl: valueOf(settings.bookingLink),
      calWebhookSecret: valueOf(settings.calWebhook),
      followUp: valueOf(settings.followUp),
      slack: valueOf(settings.slack),
    },
    report: [
      { name: "core", state: tunables.length > 0 ? "invalid" : "on", problems: tunables },
      ...addOnReport(settings),
    ],
  };
}

/**
 * The build's report: `loadConfig`'s, and when the core's variables are missing (a build may not see them),
 * still each add-on's, judged alone, so an invalid one is named and fails the build.
 */
export function settingsReport(env: Env): ConfigResult {
  const result = loadConfig(env);
  return result.ok ? result : { ...result, report: addOnReport(readAddOns(env)) };
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

/** The add-ons on for `config`, in hook order; each dynamically imported only when on. */
export async function addOnsFor(
  config: ServerConfig,
  options: { confirmationLimits?: () => ConfirmationLimits; tickets?: () => ThanksTickets } = {},
): Promise<AddOn[]> {
  const addOns: AddOn[] = [(await import("./add-ons/email-class/email-class")).emailClassAddOn];
  if (config.confirmationEmail) {
    const [{ confirmationAddOn }, { blobConfirmationLimits }] = await Promise.all([
      import("./add-ons/confirmation/confirmation"),
      import("./add-ons/confirmation/confirmation-limits"),
    ]);
    addOns.push(confirmationAddOn(options.confirmationLimits ?? (() => blobConfirmationLimits(config))));
  } else addOns.push(offAddOn("confirmation (off)", "confirmation", "CONFIRMATION_EMAIL=off"));
  if (config.leadWebhook) addOns.push((await import("./add-ons/webhook/add-on")).webhookAddOn);
  else addOns.push(offAddOn("lead webhook (off)", "webhook", "LEAD_WEBHOOK_URL is not set"));
  if (config.followUp) addOns.push((await import("./add-ons/follow-up/add-on")).followUpAddOn);
  if (config.bookingUrl) {
    const { bookingAddOn, createThanksTickets } = await import("./add-ons/booking/add-on");
    const { bookingUrl, formSecret } = config;
    addOns.push(bookingAddOn({ bookingUrl, formSecret }, options.tickets ?? createThanksTickets));
  }
  return addOns;
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
}
