/**
 * Speed to lead (docs/requirements.md#speed-to-lead), in a real browser against `npm start` with
 * the local webhook sink (standard format) and a booking page configured
 * (tests/e2e/support/speed-to-lead-env.ts): a visitor from a LinkedIn campaign browses, requests a
 * demo, and sales hears on its own channel within 5 seconds with the source, also while SendGrid is
 * down; the prospect is offered the booking page with their name and e-mail.
 */
import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { fillAndSubmitDemoRequest } from "./support/demo-request-form";
import { salesEmailsFor, setSinkStatus, uniqueProspect } from "./support/mail-sink";
import { E2E_SPEED_TO_LEAD } from "./support/speed-to-lead-env";
import { expectSuccessToast, toasts } from "./support/toasts";
import { webhookLeadsFor } from "./support/webhook-sink";

const FIVE_SECONDS = 5_000;
const banner = (page: Page) => page.getByRole("banner");

test.describe.configure({ timeout: 90_000 });

test.afterEach(async ({ request }) => {
  await setSinkStatus(request, 202);
});

/**
 * Lands on / from a LinkedIn campaign, goes to About, then Request Demo, fills and submits the
 * form. Resolves when the request has left the browser.
 */
async function requestDemoFromCampaign(page: Page, values: Record<string, string>): Promise<void> {
  await page.goto("/?utm_source=linkedin&utm_campaign=q4");
  await banner(page).getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await banner(page).getByRole("link", { name: "Request Demo" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await fillAndSubmitDemoRequest(page, values);
}

test.beforeEach(async ({ request }) => {
  // The emulation builds the function on its first call; load it before any timing starts.
  await request.get("/api/send-contact-email");
});

test("a campaign visitor's request reaches the webhook within 5 s with its source; the e-mail shows it; the toast offers booking", async ({
  page,
  request,
}) => {
  const values = uniqueProspect();
  const email = values["Work Email"];
  await requestDemoFromCampaign(page, values);

  await expect
    .poll(() => webhookLeadsFor(request, email).then((d) => d.length), { timeout: FIVE_SECONDS })
    .toBe(1);
  const [delivery] = await webhookLeadsFor(request, email);
  expect(delivery.body.data.attribution).toEqual({
    landing_path: "/",
    utm_source: "linkedin",
    utm_campaign: "q4",
  });
  expect(delivery.headers["webhook-id"]).toBe(delivery.body.data.id);
  expect(() =>
    new Webhook(E2E_SPEED_TO_LEAD.LEAD_WEBHOOK_SECRET).verify(delivery.raw, delivery.headers),
  ).not.toThrow();

  await expectSuccessToast(page);
  const booking = toasts(page).getByRole("link", { name: "Book a time now", exact: true });
  const href = new URL((await booking.getAttribute("href")) ?? "");
  expect(href.origin + href.pathname).toBe(E2E_SPEED_TO_LEAD.BOOKING_URL);
  expect(href.searchParams.get("name")).toBe(`${values["First Name"]} ${values["Last Name"]}`);
  expect(href.searchParams.get("email")).toBe(email);
  await expect(booking).toHaveAttribute("target", "_blank");
  await expect(booking).toHaveAttribute("rel", "noopener");

  await expect.poll(() => salesEmailsFor(request, email).then((m) => m.length)).toBe(1);
  const [sales] = await salesEmailsFor(request, email);
  expect(sales.text).toContain("\nSource: Came from LinkedIn, campaign q4, landed on /\n");

  // Still exactly one delivery to the channel.
  expect(await webhookLeadsFor(request, email)).toHaveLength(1);
});

test("with SendGrid down, the webhook still has the lead within 5 s and the visitor sees success", async ({
  page,
  request,
}) => {
  const values = uniqueProspect();
  const email = values["Work Email"];
  await setSinkStatus(request, 503);
  await requestDemoFromCampaign(page, values);

  await expect
    .poll(() => webhookLeadsFor(request, email).then((d) => d.length), { timeout: FIVE_SECONDS })
    .toBe(1);
  await expect(toasts(page)).toContainText("Request Submitted Successfully", { timeout: 20_000 });
  expect(await salesEmailsFor(request, email)).toHaveLength(0);
});
