/**
 * POST /api/send-contact-email — receives a demo request from the Request a Demo form,
 * stores it, and e-mails it to sales via SendGrid (spec sections 4-7;
 * docs/requirements.md#the-demo-request-end-to-end, docs/requirements.md#durable-capture).
 * See netlify/lib/core/demo-request/handler.ts for the answers.
 */
import type { Config, Context } from "@netlify/functions";
import { addOnsFor, getConfig } from "../lib/compose";
import { createDemoRequestHandler } from "../lib/core/demo-request/handler";
import { MAX_BODY_BYTES } from "../lib/core/demo-request/parse-request";
import { createBlobLeadStore } from "../lib/core/leads/lead-store";
import { createSendGridMailer } from "../lib/core/delivery/mailer";

const handle = createDemoRequestHandler({
  getConfig,
  getAddOns: addOnsFor,
  getStore: () => createBlobLeadStore(),
  createMailer: createSendGridMailer,
});

export default async (req: Request, context: Context): Promise<Response> => handle(req, context);

/** The largest body it reads, in bytes; `npm start` reads it too (scripts/local/body-limits.mjs). */
export const maxBodyBytes = MAX_BODY_BYTES;

export const config: Config = {
  path: "/api/send-contact-email",
  // Per visitor IP and site: 10 submissions a minute, far above a person's pace.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
