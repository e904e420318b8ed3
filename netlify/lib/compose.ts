/**
 * The one place that puts the core and its add-ons together (docs/decisions/0034-core-and-add-ons.md): every
 * function reads its configuration here; an invalid add-on is off and named, and the demo request goes on.
 */
import { bookingLinkSettings, calWebhookSettings } from "./add-ons/booking/settings";
import { CONFIRMATION_DEFAULTS, confirmationSettings } from "./add-ons/confirmation/settings";
import { followUpSettings, slackSettings } from "./add-ons/follow-up/settings";
import { webhookSettings } from "./add-ons/webhook/settings";
import type { ThanksTickets } from "./add-ons/booking/add-on";
import type { ConfirmationLimits } from "./add-ons/confirmation/confirmation-limits";
import { offAddOn, type AddOn } from "./core/add-on";
import { loadCoreConfig, type ConfigResult, type PartReport, type ServerConfig } from "./core/config";
import { logError } from "./kit/log";
import type { Env, Setting } from "./kit/settings";

const reportOf = (name: string, setting: Setting<unknown>): PartReport => ({
  name,
  state: setting.state,
  problems: setting.state === "invalid" ? setting.problems : [],
});

const valueOf = <T>(setting: Setting<T>): T | undefined =>
  setting.state === "on" ? setting.value : undefined;

/** The core's configuration (its problems fail the whole) and each add-on's, with a report of every part. */
export function loadConfig(env: Env = process.env): ConfigResult {
  const loaded = loadCoreConfig(env);
  if (!loaded.ok) return loaded;
  const { core, tunables } = loaded;
  const confirmation = confirmationSettings(env);
  const webhook = webhookSettings(env, core.isLocal);
  const bookingLink = bookingLinkSettings(env, core.isLocal);
  const calWebhook = calWebhookSettings(env);
  const followUp = followUpSettings(env, core.salesEmail);
  // Slack's buttons claim leads: they need follow-up, and SLACK_USER_MAP names its roster.
  const slack =
    followUp.state === "on" ? slackSettings(env, followUp.value.salesTeam) : ({ state: "off" } as const);
  const leadWebhook = valueOf(webhook);
  const confirmationOn = valueOf(confirmation);
  return {
    ok: true,
    config: {
      ...core,
      confirmationEmail: confirmationOn !== undefined,
      confirmationDailyLimit: (confirmationOn ?? CONFIRMATION_DEFAULTS).dailyLimit,
      confirmationClientDailyLimit: (confirmationOn ?? CONFIRMATION_DEFAULTS).clientDailyLimit,
      leadWebhook: leadWebhook && {
        ...leadWebhook,
        slackButtons: leadWebhook.format === "slack" && slack.state === "on",
      },
      bookingUrl: valueOf(bookingLink),
      calWebhookSecret: valueOf(calWebhook),
      followUp: valueOf(followUp),
      slack: valueOf(slack),
    },
    report: [
      { name: "core", state: tunables.length > 0 ? "invalid" : "on", problems: tunables },
      reportOf("confirmation e-mail", confirmation),
      reportOf("lead webhook", webhook),
      reportOf("booking link", bookingLink),
      reportOf("Cal.com bookings", calWebhook),
      reportOf("follow-up", followUp),
      reportOf("Slack buttons", slack),
    ],
  };
}

/** The lines of a report, e.g. `follow-up: off, invalid (BUSINESS_HOURS is invalid)`; never a value. */
export function reportLines(result: ConfigResult): string[] {
  if (!result.ok) return [`core: not configured (${result.problems.join("; ")})`];
  return (result.report ?? []).map(({ name, state, problems }) =>
    state !== "invalid"
      ? `${name}: ${state}`
      : name === "core"
        ? `core: on, with defaults for ${problems.join("; ")}`
        : `${name}: off, invalid (${problems.join("; ")})`,
  );
}

/** The parts whose settings are invalid, as `name: problem; problem`. */
export function invalidParts(result: ConfigResult): string[] {
  if (!result.ok) return [];
  return (result.report ?? [])
    .filter((part) => part.state === "invalid")
    .map((part) => `${part.name}: ${part.problems.join("; ")}`);
}

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

/** The configuration, read once per cold start (which logs every invalid part). */
export function getConfig(): ConfigResult {
  if (!cached) {
    cached = loadConfig();
    for (const part of invalidParts(cached)) logError(`SETTINGS INVALID, add-on off: ${part}`);
  }
  return cached;
}

/** Forgets the cached configuration (tests change the environment between cases). */
export function resetConfig(): void {
  cached = undefined;
}
