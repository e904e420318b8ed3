/**
 * @jest-environment node
 */
// "Book a time now" (docs/decisions/0023-booking-link.md): with BOOKING_URL the function's success answer
// carries the prefilled link and the lead's reference; without JavaScript the 303 leads to the lead's
// thanks page with a one-time ticket (netlify/lib/add-ons/booking/add-on.ts), and only redeeming that
// ticket, once and within 10 minutes, shows the link prefilled with the name and e-mail. A reload, a
// made-up, used, expired or other lead's ticket, or the lead id alone (the reference in the
// confirmation e-mail) shows the same texts with the plain booking page (docs/requirements.md#spam-defence).
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createThanksHandler, THANKS_TITLE } from "../../../../netlify/lib/add-ons/booking/thanks-page";
import {
  createThanksTickets,
  TICKET_TTL_MS,
  type ThanksTickets,
} from "../../../../netlify/lib/add-ons/booking/add-on";
import { silenceConsole } from "../../../helpers/console";
import { HONEYPOT_FIELD } from "../../../../src/lib/demo-request";
import { DEMO_REQUEST_TOASTS } from "../../../../src/components/demo-request/site-toaster";
import {
  DOWN,
  failingStore,
  harness,
  leadIdOf,
  scriptedMailer,
  TEST_CONFIG,
  VALID,
} from "../../../helpers/function-harness";
import { bookingReference } from "../../../../netlify/lib/add-ons/booking/booking-reference";

const ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const LEAD = leadIdOf(ID);
const BOOKING = "https://cal.com/acme/demo";
/**
 * The booking page prefilled for Jane, with lead `leadId`'s sealed reference, which Cal.com passes to
 * its webhook (netlify/lib/add-ons/booking/booking-reference.ts).
 */
const prefilled = (leadId: string) =>
  `https://cal.com/acme/demo?name=Jane%20Driller&email=jane%40acme-mining.com&metadata%5BleadRef%5D=${bookingReference(leadId, TEST_CONFIG.formSecret)}`;
const PREFILLED = prefilled(LEAD);
const prefilledLink = (leadId: string) =>
  `<a href="${prefilled(leadId).replace(/&/g, "&amp;")}" target="_blank" rel="noopener">Book a time now</a>`;
const PLAIN_LINK = `<a href="${BOOKING}" target="_blank" rel="noopener">Book a time now</a>`;
const T0 = new Date("2025-01-01T11:00:00.000Z");
const withBooking = { bookingUrl: BOOKING };
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const ORIGIN = "https://resources.example";
const TICKETED = /^\/contact\/thanks\/([0-9a-f-]{36})\?ticket=([A-Za-z0-9_-]{43})$/;

const formRequest = (values: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/api/send-contact-email`, {
    method: "POST",
    headers: FORM,
    body: new URLSearchParams({ ...VALID, ...values }).toString(),
  });

/** The 303's location split into the lead id and the ticket; fails the test when it has another form. */
function ticketed(location: string | null): { leadId: string; ticket: string } {
  expect(location).toMatch(TICKETED);
  const [, leadId, ticket] = TICKETED.exec(location!)!;
  return { leadId, ticket };
}

/** Nothing of what the visitor typed: the name, the e-mail, the company. */
function expectNoProspectDetails(html: string) {
  for (const text of ["Jane", "Driller", "jane", "acme-mining", `${BOOKING}?`])
    expect(html).not.toContain(text);
}

beforeEach(() => {});
afterEach(() => jest.restoreAllMocks());

describe("the JSON answer", () => {
  test("delivered: 200 with the lead's reference and the prefilled booking link", async () => {
    const res = await harness({ config: withBooking }).post({ ...VALID, requestId: ID });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, reference: LEAD, bookingUrl: PREFILLED });
  });

  test("stored while SendGrid is down: 202 with the reference and the link too", async () => {
    const consoleErrors = silenceConsole("error");
    const mailer = scriptedMailer([DOWN, DOWN, DOWN]);
    const res = await harness({ mailer, config: withBooking }).post({ ...VALID, requestId: ID });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({
      ok: true,
      status: "pending",
      reference: LEAD,
      bookingUrl: PREFILLED,
    });
    expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
  });

  test("a repeated key gets the same reference and link", async () => {
    const { post } = harness({ config: withBooking });
    await post({ ...VALID, requestId: ID });
    expect(await (await post({ ...VALID, requestId: ID })).json()).toEqual({
      ok: true,
      reference: LEAD,
      bookingUrl: PREFILLED,
    });
  });

  test("without BOOKING_URL only the reference", async () => {
    expect(await (await harness().post({ ...VALID, requestId: ID })).json()).toEqual({
      ok: true,
      reference: LEAD,
    });
  });

  test("it never carries a thanks-page ticket, and none is issued for it", async () => {
    const blobs = createMemoryBlobs();
    const res = await harness({ config: withBooking, tickets: createThanksTickets(blobs) }).post({
      ...VALID,
      requestId: ID,
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["bookingUrl", "ok", "reference"]);
    expect(blobs.entries.size).toBe(0);
  });

  test("a failure carries no link and no reference", async () => {
    const consoleErrors = silenceConsole("error");
    const mailer = scriptedMailer([DOWN, DOWN, DOWN]);
    const res = await harness({ store: failingStore, mailer, config: withBooking }).post({
      ...VALID,
      requestId: ID,
    });
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body).not.toHaveProperty("bookingUrl");
    expect(body).not.toHaveProperty("reference");
    expect(consoleErrors.text()).toContain("[demo-request] store create failed; sending without a record");
  });

  test("a filled honeypot gets the very answer a delivered request gets, reference and link included", async () => {
    const valid = await harness({ config: withBooking }).post({ ...VALID, requestId: ID });
    const baited = await harness({ config: withBooking }).post({
      ...VALID,
      requestId: ID,
      [HONEYPOT_FIELD]: "http://spam.example",
    });
    expect(baited.status).toBe(valid.status);
    expect([...baited.headers]).toEqual([...valid.headers]);
    expect(await baited.text()).toBe(await valid.text());

    const validForm = await harness({ config: withBooking }).handle(formRequest({ requestId: ID }));
    const baitedForm = await harness({ config: withBooking }).handle(
      formRequest({ requestId: ID, [HONEYPOT_FIELD]: "x" }),
    );
    // Both lead to the same lead's thanks page, each with a fresh ticket of the same form.
    expect(ticketed(validForm.headers.get("location")).leadId).toBe(LEAD);
    expect(ticketed(baitedForm.headers.get("location")).leadId).toBe(LEAD);
    const withoutTicket = (res: Response) =>
      [...res.headers].map(([name, value]) => [name, name === "location" ? value.split("?")[0] : value]);
    expect(withoutTicket(baitedForm)).toEqual(withoutTicket(validForm));
  });

  test("a key reused for another payload gets 409, no link and no reference", async () => {
    const { post } = harness({ config: withBooking });
    await post({ ...VALID, requestId: ID });
    const res = await post({ ...VALID, company: "Other Mining", requestId: ID });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body).not.toHaveProperty("bookingUrl");
    expect(body).not.toHaveProperty("reference");
  });
});

describe("without JavaScript", () => {
  /** A harness and a thanks page sharing one store and one set of tickets; the page's clock is `pageAt`. */
  function setup(options: { pageAt?: number; tickets?: ThanksTickets } = {}) {
    const store = createMemoryLeadStore();
    const tickets = options.tickets ?? createThanksTickets(createMemoryBlobs());
    const { handle } = harness({ store, tickets, now: () => T0, config: withBooking });
    const thanks = createThanksHandler({
      getConfig: () => ({ ok: true, config: { ...TEST_CONFIG, ...withBooking } }),
      getStore: () => store,
      getTickets: () => tickets,
      now: () => new Date(T0.getTime() + (options.pageAt ?? 60_000)),
    });
    /** Opens `location` (a path) as the browser would, the router passing the id in the path. */
    const open = (location: string, method = "GET") => {
      const url = new URL(location, ORIGIN);
      return thanks(new Request(url, { method }), url.pathname.split("/").pop()!);
    };
    return { store, tickets, handle, thanks, open };
  }

  test("the 303 leads to /contact/thanks/<lead id>?ticket=…, whose page, opened once, offers the prefilled link in a new tab", async () => {
    const { store, handle, open } = setup();
    const res = await handle(formRequest());
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    const [id] = await store.ids();
    expect(ticketed(location).leadId).toBe(id);
    const PREFILLED_LINK = prefilledLink(id);

    const page = await open(location);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(page.headers.get("cache-control")).toBe("no-store");
    // The URL holds the ticket: it is not sent on to the booking page.
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain(`<h1>${DEMO_REQUEST_TOASTS.success.title}</h1>`);
    expect(html).toContain(`<p>${DEMO_REQUEST_TOASTS.success.description}</p>`);
    expect(html).toContain(PREFILLED_LINK);
    expect(html).toContain('<a href="/">Return to Home</a>');
    expect(html).not.toMatch(/<script/i);
  });

  test("with a key, the 303 names the lead made from it, not the key", async () => {
    const { handle } = setup();
    const res = await handle(formRequest({ requestId: ID }));
    expect(ticketed(res.headers.get("location")).leadId).toBe(LEAD);
  });

  test("a reload of the same URL shows the same texts with the plain link, never the name or e-mail", async () => {
    const { handle, open } = setup();
    const location = (await handle(formRequest())).headers.get("location")!;
    expect(await (await open(location)).text()).toContain(prefilledLink(ticketed(location).leadId));
    for (let reload = 0; reload < 2; reload++) {
      const html = await (await open(location)).text();
      expect(html).toContain(`<h1>${THANKS_TITLE}</h1>`);
      expect(html).toContain(`<p>${DEMO_REQUEST_TOASTS.success.description}</p>`);
      expect(html).toContain(PLAIN_LINK);
      expectNoProspectDetails(html);
    }
  });

  test("HEAD never redeems the ticket: the GET after it still shows the prefilled link", async () => {
    const { handle, open } = setup();
    const location = (await handle(formRequest())).headers.get("location")!;
    const head = await open(location, "HEAD");
    expect(head.status).toBe(200);
    expectNoProspectDetails(await head.text());
    expect(await (await open(location)).text()).toContain(prefilledLink(ticketed(location).leadId));
  });

  test("without a ticket, with a made-up or malformed one, or with another lead's: the plain link", async () => {
    const { handle, open } = setup();
    const first = ticketed((await handle(formRequest())).headers.get("location"));
    const second = ticketed(
      (await handle(formRequest({ firstName: "Joan", email: "joan@acme-mining.com" }))).headers.get(
        "location",
      ),
    );
    expect(second.leadId).not.toBe(first.leadId);
    for (const location of [
      `/contact/thanks/${first.leadId}`,
      `/contact/thanks/${first.leadId}?ticket=`,
      `/contact/thanks/${first.leadId}?ticket=${"A".repeat(43)}`,
      `/contact/thanks/${first.leadId}?ticket=../../leads/${first.leadId}`,
      `/contact/thanks/${first.leadId}?ticket=${second.ticket}`,
      `/contact/thanks/${second.leadId}?ticket=${first.ticket}`,
    ]) {
      const html = await (await open(location)).text();
      expect(html).toContain(PLAIN_LINK);
      expectNoProspectDetails(html);
      expect(html).not.toContain("Joan");
    }
    // A ticket tried on another lead is not spent by it: each still opens its own lead's page once.
    expect(await (await open(`/contact/thanks/${first.leadId}?ticket=${first.ticket}`)).text()).toContain(
      prefilledLink(first.leadId),
    );
    expect(await (await open(`/contact/thanks/${second.leadId}?ticket=${second.ticket}`)).text()).toContain(
      prefilledLink(second.leadId).replace("Jane", "Joan").replace("jane%40", "joan%40"),
    );
  });

  test("the lead id alone, as the JSON answer and the confirmation e-mail give it, opens nothing", async () => {
    const { store, tickets, open } = setup();
    const { post } = harness({ store, tickets, now: () => T0, config: withBooking });
    const { reference } = (await (await post({ ...VALID, requestId: ID })).json()) as { reference: string };
    expect(reference).toBe(LEAD);
    const html = await (await open(`/contact/thanks/${reference}`)).text();
    expect(html).toContain(PLAIN_LINK);
    expectNoProspectDetails(html);
  });

  test("an expired ticket (11 minutes later) shows the plain link", async () => {
    expect(TICKET_TTL_MS).toBe(10 * 60_000);
    const { handle, open } = setup({ pageAt: 11 * 60_000 });
    const html = await (await open((await handle(formRequest())).headers.get("location")!)).text();
    expect(html).toContain(PLAIN_LINK);
    expectNoProspectDetails(html);
  });

  test("a ticket that cannot be stored: the 303 still names the lead, and its page is plain", async () => {
    const errors = silenceConsole("error");
    const down: ThanksTickets = {
      issue: () => Promise.reject(new Error("blobs down")),
      redeem: () => Promise.reject(new Error("blobs down")),
    };
    const { store, handle, open } = setup({ tickets: down });
    const res = await handle(formRequest());
    expect(res.status).toBe(303);
    const [id] = await store.ids();
    expect(res.headers.get("location")).toBe(`/contact/thanks/${id}`);
    expect(errors.mock.calls.flat().join(" ")).toMatch(/ticket not stored/);
    const html = await (await open(res.headers.get("location")!)).text();
    expect(html).toContain(PLAIN_LINK);
    expectNoProspectDetails(html);
  });

  test("without BOOKING_URL the 303 goes to the static thanks page, as before", async () => {
    const res = await harness().handle(formRequest());
    expect(res.headers.get("location")).toBe("/contact/thanks");
  });

  describe("the thanks page", () => {
    const store = createMemoryLeadStore();
    const tickets = createThanksTickets(createMemoryBlobs());
    const thanksAt = (ms: number, config = withBooking) =>
      createThanksHandler({
        getConfig: () => ({ ok: true, config: { ...TEST_CONFIG, ...config } }),
        getStore: () => store,
        getTickets: () => tickets,
        now: () => new Date(T0.getTime() + ms),
      });
    const get = (handler: ReturnType<typeof createThanksHandler>, id = LEAD, method = "GET", query = "") =>
      handler(new Request(`${ORIGIN}/contact/thanks/${id}${query}`, { method }), id);

    beforeAll(async () => {
      await harness({ store, tickets, now: () => T0, config: withBooking }).post({ ...VALID, requestId: ID });
    });

    test("an unknown lead, a store that is down or tickets that cannot be read: the plain booking page", async () => {
      const consoleErrors = silenceConsole("error");
      const unknown = "00000000-0000-4000-8000-000000000000";
      const ticket = await tickets.issue(unknown, T0);
      expect(await (await get(thanksAt(0), unknown, "GET", `?ticket=${ticket}`)).text()).toContain(
        PLAIN_LINK,
      );

      const storeDown = createThanksHandler({
        getConfig: () => ({ ok: true, config: { ...TEST_CONFIG, ...withBooking } }),
        getStore: () => failingStore,
        getTickets: () => tickets,
        now: () => T0,
      });
      const forLead = await tickets.issue(LEAD, T0);
      expect(await (await get(storeDown, LEAD, "GET", `?ticket=${forLead}`)).text()).toContain(PLAIN_LINK);

      const ticketsDown = createThanksHandler({
        getConfig: () => ({ ok: true, config: { ...TEST_CONFIG, ...withBooking } }),
        getStore: () => store,
        getTickets: () => ({
          issue: () => Promise.reject(new Error("blobs down")),
          redeem: () => Promise.reject(new Error("blobs down")),
        }),
        now: () => T0,
      });
      const html = await (await get(ticketsDown, LEAD, "GET", `?ticket=${"A".repeat(43)}`)).text();
      expect(html).toContain(PLAIN_LINK);
      expectNoProspectDetails(html);
      expect(consoleErrors.text()).toContain(
        "[demo-request] thanks page: ticket or lead unreadable; plain booking link",
      );
    });

    test("not a lead id (not a UUID, or the nil UUID), or no BOOKING_URL: a 303 to the static thanks page", async () => {
      for (const res of [
        await get(thanksAt(0), "../admin"),
        await get(thanksAt(0), "00000000-0000-0000-0000-000000000000"),
        await get(thanksAt(0, { bookingUrl: undefined } as never)),
      ]) {
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).toBe("/contact/thanks");
      }
    });

    test("only GET and HEAD", async () => {
      const res = await get(thanksAt(0), LEAD, "POST");
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
    });

    test("its title is the success toast's", () => {
      expect(THANKS_TITLE).toBe(DEMO_REQUEST_TOASTS.success.title);
    });
  });
});

describe("the confirmation e-mail", () => {
  test("offers the booking page with the lead's sealed reference, never prefilled with what the visitor typed", async () => {
    const mailer = scriptedMailer();
    await harness({ mailer, config: withBooking }).post({ ...VALID, requestId: ID });
    const [confirmation] = mailer.sent.filter((m) => m.customArgs?.kind === "confirmation");
    const link = `${BOOKING}?metadata%5BleadRef%5D=${bookingReference(LEAD, TEST_CONFIG.formSecret)}`;
    expect(confirmation.text).toContain(`Or book a time that suits you now:\n\nBook a time now [${link}]\n`);
    expect(confirmation.html).toMatch(
      new RegExp(`<a href="${link.replace(/[.?[\]]/g, "\\$&")}"[^>]*>(?:(?!</a>).)*>Book a time now<`),
    );
    expect(`${confirmation.text}${confirmation.html}`).not.toMatch(
      /[?&](amp;)?(name|email)=|Driller|acme-mining/,
    );
  });

  test("without BOOKING_URL it has no booking line", async () => {
    const mailer = scriptedMailer();
    await harness({ mailer }).post({ ...VALID, requestId: ID });
    const confirmation = mailer.sent.find((m) => m.customArgs?.kind === "confirmation");
    expect(confirmation?.text).toEqual(expect.any(String));
    expect(confirmation?.text).not.toContain("book a time");
  });
});
