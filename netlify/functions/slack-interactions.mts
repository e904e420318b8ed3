/** POST /api/slack/interactions, Slack's Claim and Contacted buttons (docs/decisions/0030-slack-and-booking-loop.md). */
import type { Config } from "@netlify/functions";
import { addOnsFor, getConfig } from "../lib/compose";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import {
  createSlackInteractionsHandler,
  SLACK_MAX_BODY_BYTES,
} from "../lib/add-ons/slack/slack-interactions";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../lib/core/leads/lead-store";
import { jsonBlobs } from "../lib/kit/json-blobs";

export default createSlackInteractionsHandler({
  getConfig,
  getAddOns: (config) => addOnsFor(config),
  getStore: () => createBlobLeadStore(),
  getLeadEvents: () => jsonBlobs(LEAD_STORE_NAME),
  createMailer: createSendGridMailer,
});

/** Read by `npm start` too (scripts/local/local-guard.mjs). */
export const maxBodyBytes = SLACK_MAX_BODY_BYTES;

export const config: Config = {
  path: "/api/slack/interactions",
  // All clicks come from Slack's servers: a limit well above a team's clicks that still stops a flood.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
