/**
 * The no-JS thanks page with the booking link (docs/decisions/0023-booking-link.md): prefilled with the name
 * and e-mail only for a one-time ticket redeemed now, so the lead id alone never shows the prospect's details.
 */
import escapeHtml from "escape-html";
import { bookingReference, prefilledBookingUrl } from "./booking-reference";
import type { ConfigResult } from "../../core/config";
import { SECURITY_HEADERS } from "../../kit/http";
import { htmlPage, htmlResponse } from "../../kit/html-page";
import { isUuid } from "../../core/leads/lead-address";
import type { LeadStore } from "../../core/leads/lead-store";
import { errorName, logError } from "../../kit/log";
import { createThanksTickets, type ThanksTickets } from "./add-on";
import { FOLLOW_UP_PROMISE } from "../../core/delivery/mailer";
import { THANKS_PATH } from "../../core/demo-request/edge";

export const THANKS_TITLE = "Request Submitted Successfully";

/** Handles GET /contact/thanks/<id>?ticket=<t>; anything unreadable gets the plain booking page. */
export function createThanksHandler(deps: {
  getConfig: () => ConfigResult;
  getStore: () => LeadStore | null;
  getTickets?: () => ThanksTickets;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const tickets = () => (deps.getTickets ?? createThanksTickets)();
  return async (req: Request, id: string): Promise<Response> => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      return new Response(null, { status: 405, headers: { ...SECURITY_HEADERS, allow: "GET, HEAD" } });
    }
    const config = deps.getConfig();
    if (!config.ok || !config.config.bookingUrl || !isUuid(id)) {
      return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, location: THANKS_PATH } });
    }
    const { bookingUrl: base, formSecret } = config.config;
    const leadId = id.toLowerCase();
    const ticket = new URL(req.url).searchParams.get("ticket");
    let bookingUrl = base;
    try {
      if (ticket && req.method === "GET" && (await tickets().redeem(ticket, leadId, now()))) {
        const lead = await deps.getStore()?.get(leadId);
        if (lead) bookingUrl = prefilledBookingUrl(base, lead.request, bookingReference(leadId, formSecret));
      }
    } catch (error) {
      logError("thanks page: ticket or lead unreadable; plain booking link", {
        requestId: leadId,
        reason: errorName(error),
      });
    }
    // Its URL holds a ticket: not sent to the booking service or any other site.
    const html = htmlPage(
      THANKS_TITLE,
      `<p>${escapeHtml(FOLLOW_UP_PROMISE)}</p>` +
        `<p><a href="${escapeHtml(bookingUrl)}" target="_blank" rel="noopener">Book a time now</a> ` +
        `(opens in a new tab)</p><p><a href="/">Return to Home</a></p>`,
    );
    return htmlResponse(req.method === "HEAD" ? null : html, 200, { "referrer-policy": "no-referrer" });
  };
}
