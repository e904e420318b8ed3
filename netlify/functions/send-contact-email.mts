/** POST /api/send-contact-email, the demo request (docs/requirements.md#the-demo-request-end-to-end). */
import type { Config } from "@netlify/functions";
import { addOnsFor, getConfig } from "../lib/compose";
import { createDemoRequestHandler } from "../lib/core/demo-request/handler";
import { createBlobLeadStore } from "../lib/core/leads/lead-store";
import { createSendGridMailer } from "../lib/core/delivery/mailer";
import { MAX_BODY_BYTES } from "../lib/kit/http";

export default createDemoRequestHandler({
  getConfig,
  getAddOns: addOnsFor,
  getStore: () => createBlobLeadStore(),
  createMailer: createSendGridMailer,
});

/** Read by `npm start` too (scripts/local/local-guard.mjs). */
export const maxBodyBytes = MAX_BODY_BYTES;

export const config: Config = {
  path: "/api/send-contact-email",
  // Per visitor IP and site, far above a person's pace.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
