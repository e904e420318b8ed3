/** GET/POST /leads/<id>?sig=..., a lead's claim page (docs/decisions/0029-lead-follow-up.md). */
import type { Config, Context } from "@netlify/functions";
import { getConfig } from "../lib/compose";
import { MAX_BODY_BYTES } from "../lib/kit/http";
import { jsonBlobs } from "../lib/kit/json-blobs";
import { createFollowUpStore } from "../lib/add-ons/follow-up/follow-up-store";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../lib/core/leads/lead-store";
import { createClaimHandler } from "../lib/add-ons/follow-up/claim-handler";

const handle = createClaimHandler({
  getConfig,
  getStore: () => createBlobLeadStore(),
  getFollowUps: () => createFollowUpStore(jsonBlobs(LEAD_STORE_NAME)),
});

export default async (req: Request, context: Context): Promise<Response> =>
  handle(req, context.params.id ?? "", context);

/** Read by `npm start` too (scripts/local/body-limits.mjs). */
export const maxBodyBytes = MAX_BODY_BYTES;

export const config: Config = {
  path: "/leads/:id",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
