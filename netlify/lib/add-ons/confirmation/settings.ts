/**
 * The confirmation's settings (docs/decisions/0034-core-and-add-ons.md): on by default; an invalid value
 * turns it off, so no prospect is mailed past a bound the owner did not mean.
 */
import { z } from "zod";
import { readSetting, type Built, type Env, type Setting } from "../../kit/settings";

/** The bounds when their variables are unset. */
export const CONFIRMATION_DEFAULTS = { dailyLimit: 200, clientDailyLimit: 5 };

const count = (fallback: number) => z.coerce.number().int().min(0).max(1_000_000).default(fallback);

const schema = z.object({
  CONFIRMATION_EMAIL: z.enum(["on", "off"]).default("on"),
  CONFIRMATION_DAILY_LIMIT: count(CONFIRMATION_DEFAULTS.dailyLimit),
  CONFIRMATION_CLIENT_DAILY_LIMIT: count(CONFIRMATION_DEFAULTS.clientDailyLimit),
});

export const CONFIRMATION_VARIABLES = Object.keys(schema.shape);

export interface ConfirmationSettings {
  dailyLimit: number;
  clientDailyLimit: number;
}

/** Reads the confirmation's settings from `env`. */
export function confirmationSettings(env: Env): Setting<ConfirmationSettings> {
  return readSetting(
    env,
    schema,
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
