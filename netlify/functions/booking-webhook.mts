/** POST /api/booking-webhook, Cal.com's bookings (docs/decisions/0030-slack-and-booking-loop.md); see netlify/lib/add-ons/booking/booking-webhook.ts. */
import type { Config } from "@netlify/functions";
import { addOnsFor, getConfig } from "../lib/compose";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import { BOOKING_MAX_BODY_BYTES, createBookingWebhookHandler } from "../lib/add-ons/booking/booking-webhook";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../lib/core/leads/lead-store";

export default createBookingWebhookHandler({
  getConfig,
  getAddOns: (config) => addOnsFor(config),
  getStore: () => createBlobLeadStore(),
  getEvents: () => jsonBlobs(LEAD_STORE_NAME),
  getLeadEvents: () => jsonBlobs(LEAD_STORE_NAME),
  createMailer: createSendGridMailer,
});

/** Read by `npm start` too (scripts/local/local-guard.mjs). */
export const maxBodyBytes = BOOKING_MAX_BODY_BYTES;

export const config: Config = {
  path: "/api/booking-webhook",
  // Bookings come from Cal.com's servers: a limit per client IP far above a booking page's pace.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
