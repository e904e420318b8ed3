/**
 * The booking plugin: the booking link offered after a request, and Cal.com's webhook, each with its own settings
 * (docs/decisions/0030-slack-and-booking-loop.md).
 */
import { settingsPart, type Plugin } from "../../core/plugin";
import type { ThanksTickets } from "./add-on";
import {
  BOOKING_LINK_VARIABLES,
  bookingLinkSettings,
  CAL_WEBHOOK_VARIABLES,
  calWebhookSettings,
} from "./settings";

declare module "../../core/plugin" {
  interface PluginOverrides {
    tickets?: () => ThanksTickets;
  }
}

export const bookingPlugin: Plugin = {
  name: "booking",
  settings: [
    settingsPart({
      key: "bookingUrl",
      name: "booking link",
      variables: BOOKING_LINK_VARIABLES,
      read: bookingLinkSettings,
    }),
    settingsPart({
      key: "calWebhookSecret",
      name: "Cal.com bookings",
      variables: CAL_WEBHOOK_VARIABLES,
      read: calWebhookSettings,
    }),
  ],
  async load({ bookingUrl, formSecret }, overrides) {
    if (!bookingUrl) return undefined;
    const { bookingAddOn, createThanksTickets } = await import("./add-on");
    return bookingAddOn({ bookingUrl, formSecret }, overrides.tickets ?? createThanksTickets);
  },
};
