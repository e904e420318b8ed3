/**
 * The booking add-on's settings (docs/decisions/0023-booking-link.md,
 * docs/decisions/0030-slack-and-booking-loop.md, docs/decisions/0034-core-and-add-ons.md), two
 * parts that work apart: the booking link (BOOKING_URL) and Cal.com's booking webhook
 * (CAL_WEBHOOK_SECRET). An invalid BOOKING_URL turns the link off; the webhook stays on (it still
 * matches bookings by inbox); an invalid CAL_WEBHOOK_SECRET turns the webhook off.
 */
import { z } from "zod";
import { readSetting, type Built, type Env, type Setting } from "../../kit/settings";

/**
 * Whether `value` may be the booking page: an absolute https URL without credentials; plain
 * http only when running locally (`isLocal`), for a local stand-in.
 */
export function isAllowedBookingUrl(value: string, isLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === "https:" || (isLocal && url.protocol === "http:");
}

const linkSchema = z.object({ BOOKING_URL: z.string() });
const calSchema = z.object({ CAL_WEBHOOK_SECRET: z.string().trim().min(16) });

/** The variables this add-on reads. */
export const BOOKING_VARIABLES = [...Object.keys(linkSchema.shape), ...Object.keys(calSchema.shape)];

/** The booking page offered after a request, e.g. `https://cal.com/acme/demo`. */
export function bookingLinkSettings(env: Env, isLocal: boolean): Setting<string> {
  return readSetting(env, linkSchema, (e): Built<string> =>
    isAllowedBookingUrl(e.BOOKING_URL, isLocal)
      ? { value: e.BOOKING_URL }
      : { problems: ["BOOKING_URL is invalid"] },
  );
}

/** The Cal.com webhook's secret (at least 16 characters; a credential, never logged). */
export function calWebhookSettings(env: Env): Setting<string> {
  return readSetting(env, calSchema, (e): Built<string> => ({ value: e.CAL_WEBHOOK_SECRET }));
}
