/**
 * POST /api/slack/interactions — the Claim and Contacted buttons of the lead messages in Slack, the
 * Slack app's Interactivity Request URL (docs/requirements.md#closing-the-loop,
 * docs/decisions/0030-slack-and-booking-loop.md). See netlify/lib/add-ons/follow-up/slack-interactions.ts.
 */
import type { Config, Context } from "@netlify/functions";
import { getConfig } from "../lib/compose";
import {
  createSlackInteractionsHandler,
  SLACK_MAX_BODY_BYTES,
} from "../lib/add-ons/follow-up/slack-interactions";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { createFollowUpStore } from "../lib/add-ons/follow-up/follow-up-store";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../lib/core/leads/lead-store";

const handle = createSlackInteractionsHandler({
  getConfig,
  getStore: () => createBlobLeadStore(),
  getFollowUps: () => createFollowUpStore(jsonBlobs(LEAD_STORE_NAME)),
});

export default async (req: Request, context: Context): Promise<Response> => handle(req, context);

/** The largest body it reads, in bytes; `npm start` reads it too (scripts/local/body-limits.mjs). */
export const maxBodyBytes = SLACK_MAX_BODY_BYTES;

export const config: Config = {
  path: "/api/slack/interactions",
  // Every click of the whole team comes from Slack's servers: a limit per client IP well above
  // a team's clicks, which still stops a flood of unsigned requests.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
