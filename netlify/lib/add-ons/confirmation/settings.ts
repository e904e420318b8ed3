/** The confirmation's settings, on by default; an invalid value turns it off (docs/decisions/0034-core-and-add-ons.md). */
import { z } from "zod";
import { readSetting, type Built, type Env, type Setting, type Shapes } from "../../kit/settings";

export const CONFIRMATION_DEFAULTS = { dailyLimit: 200, clientDailyLimit: 5 };

const count = (fallback: number) => z.coerce.number().int().min(0).max(1_000_000).default(fallback);

const schema = z.object({
  CONFIRMATION_EMAIL: z.enum(["on", "off"]).default("on"),
  CONFIRMATION_DAILY_LIMIT: count(CONFIRMATION_DEFAULTS.dailyLimit),
  CONFIRMATION_CLIENT_DAILY_LIMIT: count(CONFIRMATION_DEFAULTS.clientDailyLimit),
});

const countShape = (example: number) => ({
  shape: "a whole number from 0 to 1000000",
  example: String(example),
});

const shapes: Shapes<typeof schema> = {
  CONFIRMATION_EMAIL: { shape: "on or off", example: "off" },
  CONFIRMATION_DAILY_LIMIT: countShape(CONFIRMATION_DEFAULTS.dailyLimit),
  CONFIRMATION_CLIENT_DAILY_LIMIT: countShape(CONFIRMATION_DEFAULTS.clientDailyLimit),
};

export const CONFIRMATION_VARIABLES = Object.keys(schema.shape);

/** The day's cap on confirmations, and a client's (keyed by IP). */
export type ConfirmationSettings = typeof CONFIRMATION_DEFAULTS;

declare module "../../core/config" {
  interface PluginSettings {
    /** Set while the confirmation is on. */
    confirmation?: ConfirmationSettings;
  }
}

/** The confirmation's bounds from `env`, or `off`/`invalid`. */
export function confirmationSettings(env: Env): Setting<ConfirmationSettings> {
  return readSetting(
    env,
    { schema, shapes },
    (e): Built<ConfirmationSettings> =>
      e.CONFIRMATION_EMAIL === "off"
        ? "off"
        : {
            value: {
              dailyLimit: e.CONFIRMATION_DAILY_LIMIT,
              clientDailyLimit: e.CONFIRMATION_CLIENT_DAILY_LIMIT,
            },
          },
    "defaults",
  );
}
