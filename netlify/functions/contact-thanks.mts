/**
 * GET /contact/thanks/<id> — the thanks page with the "Book a time now" link after a demo request
 * posted without JavaScript, when BOOKING_URL is set (docs/decisions/0023-booking-link.md). See
 * netlify/lib/add-ons/booking/thanks-page.ts.
 */
import type { Config, Context } from "@netlify/functions";
import { getConfig } from "../lib/compose";
import { createBlobLeadStore } from "../lib/core/leads/lead-store";
import { createThanksHandler } from "../lib/add-ons/booking/thanks-page";

const handle = createThanksHandler({ getConfig, getStore: () => createBlobLeadStore() });

export default async (req: Request, context: Context): Promise<Response> =>
  handle(req, context.params.id ?? "");

export const config: Config = { path: "/contact/thanks/:id" };
