/** GET /contact/thanks/<id>, the no-JS thanks page with the booking link (docs/decisions/0023-booking-link.md). */
import type { Config, Context } from "@netlify/functions";
import { getConfig } from "../lib/compose";
import { createBlobLeadStore } from "../lib/core/leads/lead-store";
import { createThanksHandler } from "../lib/add-ons/booking/thanks-page";

const handle = createThanksHandler({ getConfig, getStore: () => createBlobLeadStore() });

export default async (req: Request, context: Context): Promise<Response> =>
  handle(req, context.params.id ?? "");

export const config: Config = { path: "/contact/thanks/:id" };
