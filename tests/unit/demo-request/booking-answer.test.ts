/**
 * @jest-environment node
 */
// "Book a time now" (docs/decisions/0023-booking-link.md): with BOOKING_URL the function's success answer
// carries the prefilled link; without JavaScript the 303 leads to a thanks page that shows it.
import { createMemoryLeadStore } from "../../helpers/memory-lead-store";
import {
  BOOKING_PREFILL_MS,
  createThanksHandler,
  THANKS_TITLE,
} from "../../../netlify/lib/pages/thanks-page";
import { HONEYPOT_FIELD } from "../../../src/lib/demo-request";
import { DEMO_REQUEST_TOASTS } from "../../../src/lib/toast";
import {
  DOWN,
  failingStore,
  harness,
  scriptedMailer,
  TEST_CONFIG,
  VALID,
} from "../../helpers/function-harness";

const ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const BOOKING = "https://cal.com/acme/demo";
const PREFILLED = "https://cal.com/acme/demo?name=Jane%20Driller&email=jane%40acme-mining.com";
const T0 = new Date("2025-01-01T11:00:00.000Z");
const withBooking = { bookingUrl: BOOKING };
const formBody = new URLSearchParams({ ...VALID }).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

beforeEach(() => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe("the JSON answer", () => {
  test("delivered: 200 with the prefilled booking link", async () => {
    const res = await harness({ config: withBooking }).post({ ...VALID, requestId: ID });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, bookingUrl: PREFILLED });
  });

  test("stored while SendGrid is down: 202 with the link too", async () => {
    const mailer = scriptedMailer([DOWN, DOWN, DOWN]);
    const res = await harness({ mailer, config: withBooking }).post({ ...VALID, requestId: ID });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true, status: "pending", bookingUrl: PREFILLED });
  });

  test("a repeated request id gets the same link", async () => {
    const { post } = harness({ config: withBooking });
    await post({ ...VALID, requestId: ID });
    expect(await (await post({ ...VALID, requestId: ID })).json()).toEqual({
      ok: true,
      bookingUrl: PREFILLED,
    });
  });

  test("without BOOKING_URL nothing changes", async () => {
    expect(await (await harness().post({ ...VALID, requestId: ID })).json()).toEqual({ ok: true });
  });

  test("a failure carries no link", async () => {
    const mailer = scriptedMailer([DOWN, DOWN, DOWN]);
    const res = await harness({ store: failingStore, mailer, config: withBooking }).post({
      ...VALID,
      requestId: ID,
    });
    expect(res.status).toBe(502);
    expect(await res.json()).not.toHaveProperty("bookingUrl");
  });

  test("a filled honeypot gets the very answer a delivered request gets, link included", async () => {
    const valid = await harness({ config: withBooking }).post({ ...VALID, requestId: ID });
    const baited = await harness({ config: withBooking }).post({
      ...VALID,
      requestId: ID,
      [HONEYPOT_FIELD]: "http://spam.example",
    });
    expect(baited.status).toBe(valid.status);
    expect([...baited.headers]).toEqual([...valid.headers]);
    expect(await baited.text()).toBe(await valid.text());
    const form = (extra: Record<string, string>) =>
      new Request("https://resources.example/api/send-contact-email", {
        method: "POST",
        headers: FORM,
        body: new URLSearchParams({ ...VALID, requestId: ID, ...extra }).toString(),
      });
    const validForm = await harness({ config: withBooking }).handle(form({}));
    const baitedForm = await harness({ config: withBooking }).handle(form({ [HONEYPOT_FIELD]: "x" }));
    expect(baitedForm.headers.get("location")).toBe(`/contact/thanks/${ID}`);
    expect([...baitedForm.headers]).toEqual([...validForm.headers]);
  });

  test("a request id reused for another payload gets 409 and no link", async () => {
    const { post } = harness({ config: withBooking });
    await post({ ...VALID, requestId: ID });
    const res = await post({ ...VALID, company: "Other Mining", requestId: ID });
    expect(res.status).toBe(409);
    expect(await res.json()).not.toHaveProperty("bookingUrl");
  });
});

describe("without JavaScript", () => {
  test("the 303 leads to /contact/thanks/<id>, whose page offers the prefilled link in a new tab", async () => {
    const store = createMemoryLeadStore();
    const res = await harness({ store, now: () => T0, config: withBooking }).post(formBody, FORM);
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    const [id] = await store.ids();
    expect(location).toBe(`/contact/thanks/${id}`);

    const thanks = createThanksHandler({
      getConfig: () => ({ ok: true, config: { ...TEST_CONFIG, ...withBooking } }),
      getStore: () => store,
      now: () => new Date(T0.getTime() + 60_000),
    });
    const page = await thanks(new Request(`https://resources.example${location}`), id);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain(`<h1>${DEMO_REQUEST_TOASTS.success.title}</h1>`);
    expect(html).toContain(`<p>${DEMO_REQUEST_TOASTS.success.description}</p>`);
    expect(html).toContain(
      `<a href="${PREFILLED.replace(/&/g, "&amp;")}" target="_blank" rel="noopener">Book a time now</a>`,
    );
    expect(html).toContain('<a href="/">Return to Home</a>');
    expect(html).not.toMatch(/<script/i);
  });

  test("without BOOKING_URL the 303 goes to the static thanks page, as before", async () => {
    const res = await harness().post(formBody, FORM);
    expect(res.headers.get("location")).toBe("/contact/thanks");
  });

  describe("the thanks page", () => {
    const store = createMemoryLeadStore();
    const thanksAt = (ms: number, config = withBooking) =>
      createThanksHandler({
        getConfig: () => ({ ok: true, config: { ...TEST_CONFIG, ...config } }),
        getStore: () => store,
        now: () => new Date(T0.getTime() + ms),
      });
    const get = (handler: ReturnType<typeof createThanksHandler>, id = ID, method = "GET") =>
      handler(new Request(`https://resources.example/contact/thanks/${id}`, { method }), id);

    beforeAll(async () => {
      await harness({ store, now: () => T0 }).post({ ...VALID, requestId: ID });
    });

    test(`past ${BOOKING_PREFILL_MS / 60_000} minutes it offers the plain booking page, not the name and e-mail`, async () => {
      const html = await (await get(thanksAt(BOOKING_PREFILL_MS + 1))).text();
      expect(html).toContain(`<a href="${BOOKING}" target="_blank"`);
      expect(html).not.toContain("Driller");
    });

    test("an unknown id or a store that is down: the plain booking page", async () => {
      expect(await (await get(thanksAt(0), "00000000-0000-4000-8000-000000000000")).text()).toContain(
        `<a href="${BOOKING}" target="_blank"`,
      );
      const down = createThanksHandler({
        getConfig: () => ({ ok: true, config: { ...TEST_CONFIG, ...withBooking } }),
        getStore: () => failingStore,
      });
      expect(await (await get(down)).text()).toContain(`<a href="${BOOKING}" target="_blank"`);
    });

    test("not a UUID, or no BOOKING_URL: a 303 to the static thanks page", async () => {
      for (const res of [
        await get(thanksAt(0), "../admin"),
        await get(thanksAt(0, { bookingUrl: undefined } as never)),
      ]) {
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).toBe("/contact/thanks");
      }
    });

    test("only GET and HEAD", async () => {
      const res = await get(thanksAt(0), ID, "POST");
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
    });

    test("its title is the success toast's", () => {
      expect(THANKS_TITLE).toBe(DEMO_REQUEST_TOASTS.success.title);
    });
  });
});

describe("the confirmation e-mail", () => {
  test("offers the plain booking page, never prefilled with what the visitor typed", async () => {
    const mailer = scriptedMailer();
    await harness({ mailer, config: withBooking }).post({ ...VALID, requestId: ID });
    const [confirmation] = mailer.sent.filter((m) => m.customArgs?.kind === "confirmation");
    expect(confirmation.text).toContain(`Or book a time that suits you now: ${BOOKING}\n`);
    expect(confirmation.html).toContain(`<a href="${BOOKING}">Book a time now</a>`);
    expect(`${confirmation.text}${confirmation.html}`).not.toMatch(/name=|email=|Driller|acme-mining/);
  });

  test("without BOOKING_URL it has no booking line", async () => {
    const mailer = scriptedMailer();
    await harness({ mailer }).post({ ...VALID, requestId: ID });
    expect(mailer.sent.find((m) => m.customArgs?.kind === "confirmation")?.text).not.toContain("book a time");
  });
});
