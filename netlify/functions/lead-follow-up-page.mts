/**
 * GET/POST /leads/<id>?sig=...&exp=..., a lead's claim page (docs/decisions/0029-lead-follow-up.md), and
 * /leads/<id>/release?sig=..., releasing a lead held as spam (docs/decisions/0038-weekly-summary.md); how long
 * each link works: docs/decisions/0040-link-lifetime-and-roster-keys.md.
 */
import type { Config, Context } from "@netlify/functions";
import { addOnsFor, getConfig } from "../lib/compose";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import { MAX_BODY_BYTES } from "../lib/kit/http";
import { createFollowUpStore } from "../lib/add-ons/follow-up/follow-up-store";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../lib/core/leads/lead-store";
import type { ServerConfig } from "../lib/core/config";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { createClaimHandler } from "../lib/add-ons/follow-up/claim-handler";
import { createReleaseHandler } from "../lib/add-ons/follow-up/release";

const deps = {
  getConfig,
  getAddOns: (config: ServerConfig) => addOnsFor(config),
  getStore: () => createBlobLeadStore(),
  getFollowUps: () => createFollowUpStore(),
  getLeadEvents: () => jsonBlobs(LEAD_STORE_NAME),
  createMailer: createSendGridMailer,
};
const handle = createClaimHandler(deps);
const release = createReleaseHandler(deps);

export default async (req: Request, context: Context): Promise<Response> => {
  const id = context.params.id ?? "";
  return /\/release\/?$/i.test(new URL(req.url).pathname)
    ? release(req, id, context)
    : handle(req, id, context);
};

/** Read by `npm start` too (scripts/local/local-guard.mjs). */
export const maxBodyBytes = MAX_BODY_BYTES;

// The signed link is the page's protection; the limit only stops a flood, far above what a team behind
// one office address opens. A refused request gets a page that says what to do (static/too-many-requests.html).
export const config: Config = {
  path: ["/leads/:id", "/leads/:id/release"],
  rateLimit: {
    windowLimit: 300,
    windowSize: 60,
    aggregateBy: ["ip", "domain"],
    action: "rewrite",
    to: "/too-many-requests.html",
  },
};
