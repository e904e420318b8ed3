/**
 * The booking settings (docs/decisions/0034-core-and-add-ons.md): the link (BOOKING_URL) and Cal.com's webhook
 * (CAL_WEBHOOK_SECRET) work apart, and an invalid value turns off only its own part.
 */
import { z } from "zod";
import { readSetting, type Built, type Env, type Setting, type Shapes } from "../../kit/settings";
import { isHttpsUrl } from "../../kit/url";
import { isLocalRun } from "../../core/config";

const linkSchema = z.object({ BOOKING_URL: z.string() });
const calSchema = z.object({ CAL_WEBHOOK_SECRET: z.string().trim().min(16) });

const linkShapes: Shapes<typeof linkSchema> = {
  BOOKING_URL: {
    shape: "an https URL without a user or password (http only locally)",
    example: "https://cal.com/acme/demo",
  },
};
const calShapes: Shapes<typeof calSchema> = {
  CAL_WEBHOOK_SECRET: { shape: "the secret set on Cal.com's webhook (at least 16 characters)" },
};

declare module "../../core/config" {
  interface PluginSettings {
    bookingUrl?: string;
    /** A credential: never logged. */
    calWebhookSecret?: string;
  }
}

export const BOOKING_LINK_VARIABLES = Object.keys(linkSchema.shape);
export const CAL_WEBHOOK_VARIABLES = Object.keys(calSchema.shape);

/** Reads BOOKING_URL, the booking page offered after a request: https without credentials (http only locally). */
export function bookingLinkSettings(env: Env): Setting<string> {
  return readSetting(env, { schema: linkSchema, shapes: linkShapes }, (e): Built<string, "BOOKING_URL"> =>
    isHttpsUrl(e.BOOKING_URL, isLocalRun(env), { refuseCredentials: true })
      ? { value: e.BOOKING_URL }
      : { problems: { BOOKING_URL: "invalid" } },
  );
}

/** Reads CAL_WEBHOOK_SECRET (a credential, never logged). */
export function calWebhookSettings(env: Env): Setting<string> {
  return readSetting(env, { schema: calSchema, shapes: calShapes }, (e): Built<string> => ({
    value: e.CAL_WEBHOOK_SECRET,
  }));
}
