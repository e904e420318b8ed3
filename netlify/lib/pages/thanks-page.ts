/**
 * The thanks page with the booking link, for a demo request posted without JavaScript while
 * BOOKING_URL is set (decision docs/decisions/0023-booking-link.md). The static /contact/thanks cannot know who
 * submitted, so after a received no-JS request the function's 303 points to
 * `/contact/thanks/<lead id>`, which `contact-thanks` answers with this page: the spec's success
 * texts (section 8), "Book a time now" prefilled from the stored lead while it is fresh (within
 * BOOKING_PREFILL_MS of the request), else the plain booking page, and "Return to Home".
 * A reload or Back shows it again without posting twice.
 */
import escapeHtml from "escape-html";
import { prefilledBookingUrl } from "../booking/booking-url";
import type { ConfigResult } from "../config";
import { SECURITY_HEADERS } from "../http";
import { htmlPage, htmlPageCsp } from "./html-page";
import { isLeadId } from "../leads/lead-record";
import type { LeadStore } from "../leads/lead-store";
import { logError } from "../log";
import { FOLLOW_UP_PROMISE } from "../delivery/email/messages";

/** Where a successful no-JS submit lands (src/pages/contact/thanks.tsx; the site has no trailing slashes). */
export const THANKS_PATH = "/contact/thanks";

/** The success toast's title (spec section 8), as the static thanks page shows it. */
export const THANKS_TITLE = "Request Submitted Successfully";

/** How long after a request its thanks page offers the link prefilled with the prospect's name and e-mail. */
export const BOOKING_PREFILL_MS = 30 * 60_000;

/** The page's HTML, offering `bookingUrl`. */
export function renderThanksPage(bookingUrl: string): string {
  return htmlPage(
    THANKS_TITLE,
    `<p>${escapeHtml(FOLLOW_UP_PROMISE)}</p>` +
      `<p><a href="${escapeHtml(bookingUrl)}" target="_blank" rel="noopener">Book a time now</a> ` +
      `(opens in a new tab)</p><p><a href="/">Return to Home</a></p>`,
  );
}

export interface ThanksDeps {
  getConfig: () => ConfigResult;
  getStore: () => LeadStore | null;
  now?: () => Date;
}

const toStaticPage = () =>
  new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, location: THANKS_PATH } });

/**
 * The handler for GET /contact/thanks/<id>: without BOOKING_URL, or for an id that is not a
 * UUID, a 303 to the static thanks page; otherwise the page above. A lead that cannot be read
 * (unknown, or the store down) gets the plain booking page: the visitor is thanked either way.
 */
export function createThanksHandler(deps: ThanksDeps): (req: Request, id: string) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  return async (req, id) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      return new Response(null, { status: 405, headers: { ...SECURITY_HEADERS, allow: "GET, HEAD" } });
    }
    const config = deps.getConfig();
    if (!config.ok || !config.config.bookingUrl || !isLeadId(id)) return toStaticPage();
    const base = config.config.bookingUrl;
    let bookingUrl = base;
    try {
      const lead = await deps.getStore()?.get(id.toLowerCase());
      if (lead && now().getTime() - Date.parse(lead.receivedAt) <= BOOKING_PREFILL_MS) {
        bookingUrl = prefilledBookingUrl(base, lead.request);
      }
    } catch (error) {
      logError("thanks page: lead unreadable; plain booking link", {
        requestId: id,
        reason: error instanceof Error ? error.name : "unknown",
      });
    }
    return new Response(req.method === "HEAD" ? null : renderThanksPage(bookingUrl), {
      status: 200,
      headers: {
        ...SECURITY_HEADERS,
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": await htmlPageCsp(),
      },
    });
  };
}
