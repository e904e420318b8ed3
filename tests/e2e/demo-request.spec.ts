/**
 * The Request a Demo flow in a real browser against `npm start`
 * (docs/requirements.md#the-demo-request-end-to-end): the page, the send-contact-email function,
 * the SendGrid client and the embedded mail sink are the real code. The sink's control API
 * (scripts/sinks/mail-sink.mjs) lists recorded messages; its URL is in .data/mail-sink-url,
 * written by `npm start`.
 */
import { expect, test, type Page } from "@playwright/test";
import { DEMO_REQUEST_FIELDS } from "../../src/lib/demo-request";
import { consoleErrors } from "./support/console-errors";
import {
  DEMO_REQUEST_ROUTE,
  demoRequestField,
  expectDemoRequestValues,
  fillDemoRequest,
  isDemoRequestPost,
  submitButton,
} from "./support/demo-request-form";
import { gotoHydrated } from "./support/hydrated";
import { emailsReplyingTo, salesEmailsFor, uniqueProspect } from "./support/mail-sink";
import { expectFailureToast, expectSuccessToast, toasts } from "./support/toasts";

/**
 * Resolves with the function's answer to the next POST. Generous timeout: the first call after
 * `npm start` bundles the function.
 */
function nextAnswer(page: Page) {
  return page.waitForResponse((response) => isDemoRequestPost(response.request()), { timeout: 30_000 });
}

/** Records every POST the page makes to the function. */
function countPosts(page: Page): string[] {
  const bodies: string[] = [];
  page.on("request", (request) => {
    if (isDemoRequestPost(request)) bodies.push(request.postData() ?? "");
  });
  return bodies;
}

test("a filled form is sent: Submitting..., success toast, empty fields, the sales e-mail recorded", async ({
  page,
  request,
}) => {
  const values = uniqueProspect();
  const email = values["Work Email"];
  await gotoHydrated(page, "/contact");
  await fillDemoRequest(page, values);

  // Hold the request until the submitting state has been checked, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(DEMO_REQUEST_ROUTE, async (route) => {
    await held;
    await route.continue();
  });

  const answer = nextAnswer(page);
  await submitButton(page).click();
  await expect(submitButton(page)).toHaveText("Submitting...");
  await expect(submitButton(page)).toBeDisabled();
  release();
  expect([200, 202]).toContain((await answer).status());

  await expectSuccessToast(page);
  for (const { label } of DEMO_REQUEST_FIELDS) await expect(demoRequestField(page, label)).toHaveValue("");
  await expect(submitButton(page)).toHaveText("Submit");
  await expect(submitButton(page)).toBeEnabled();

  await expect.poll(async () => (await salesEmailsFor(request, email)).length).toBeGreaterThan(0);
  const [sales] = await salesEmailsFor(request, email);
  expect(sales, "the sales e-mail, reply_to the prospect").toBeDefined();
  expect(sales.to).not.toContain(email);
  expect(sales.subject).toContain(values["Last Name"]);
  expect(sales.subject).toContain(values.Company);
  for (const value of Object.values(values)) expect(sales.text).toContain(value);
});

test("an empty submit shows the five required messages and sends nothing", async ({ page }) => {
  const posts = countPosts(page);
  await gotoHydrated(page, "/contact");
  await submitButton(page).click();

  const messages = {
    "First Name": "First name is required",
    "Last Name": "Last name is required",
    "Work Email": "Invalid email address",
    "Phone Number": "Phone number is required",
    Company: "Company name is required",
  };
  for (const [label, message] of Object.entries(messages)) {
    await expect(demoRequestField(page, label)).toHaveAttribute("aria-invalid", "true");
    await expect(demoRequestField(page, label)).toHaveAccessibleDescription(message);
  }
  await expect(demoRequestField(page, "First Name")).toBeFocused();
  await expect(demoRequestField(page, "Additional Info")).not.toHaveAttribute("aria-invalid");
  await expect(toasts(page)).toHaveCount(0);
  await expect(page.getByText(/Request Submitted Successfully|Submission Failed/)).toHaveCount(0);
  expect(posts).toHaveLength(0);
});

test("a failed send shows the destructive toast, keeps every value and logs an error", async ({ page }) => {
  const errors = consoleErrors(page);
  const values = uniqueProspect();
  await gotoHydrated(page, "/contact");
  await fillDemoRequest(page, values);
  // The function failing as a whole (502): with durable capture a sink failure alone still answers 202.
  await page.route(DEMO_REQUEST_ROUTE, (route) =>
    route.fulfill({ status: 502, contentType: "application/json", body: '{"error":"Bad gateway"}' }),
  );

  await submitButton(page).click();

  await expectFailureToast(page);
  await expectDemoRequestValues(page, values);
  await expect(submitButton(page)).toHaveText("Submit");
  await expect.poll(() => errors.some((text) => text.includes("Demo request failed"))).toBe(true);
  expect(errors.join("\n")).not.toContain(values["Work Email"]);
});

test("a network failure is a failure too", async ({ page }) => {
  const errors = consoleErrors(page);
  const values = uniqueProspect();
  await gotoHydrated(page, "/contact");
  await fillDemoRequest(page, values);
  await page.route(DEMO_REQUEST_ROUTE, (route) => route.abort("internetdisconnected"));

  await submitButton(page).click();

  await expect(toasts(page)).toContainText("Submission Failed");
  await expect(demoRequestField(page, "Work Email")).toHaveValue(values["Work Email"]);
  await expect.poll(() => errors.some((text) => text.includes("Demo request failed"))).toBe(true);
});

/** How long the toast stays after it appears, with the pointer away from it (hovering pauses it). */
async function toastLifetime(page: Page): Promise<number> {
  await expect(toasts(page)).toBeVisible();
  const shownAt = Date.now();
  await page.mouse.move(0, 0);
  await expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });
  return Date.now() - shownAt;
}

test("a toast disappears after about 5 seconds", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  await fillDemoRequest(page, uniqueProspect());
  await page.route(DEMO_REQUEST_ROUTE, (route) =>
    route.fulfill({ status: 502, contentType: "application/json", body: "{}" }),
  );
  await submitButton(page).click();
  const shownFor = await toastLifetime(page);
  expect(shownFor).toBeGreaterThan(4000);
  expect(shownFor).toBeLessThan(7000);
});

test("the success toast with the booking link stays about 10 seconds", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  await fillDemoRequest(page, uniqueProspect());
  const answer = nextAnswer(page);
  await submitButton(page).click();
  await answer;
  await expect(toasts(page).getByRole("link", { name: "Book a time now" })).toBeVisible();
  const shownFor = await toastLifetime(page);
  expect(shownFor).toBeGreaterThan(9000);
  expect(shownFor).toBeLessThan(12_000);
});

test("two quick clicks send one request", async ({ page, request }) => {
  const posts = countPosts(page);
  const values = uniqueProspect();
  const email = values["Work Email"];
  await gotoHydrated(page, "/contact");
  await fillDemoRequest(page, values);

  const answer = nextAnswer(page);
  await submitButton(page).dblclick();
  expect((await answer).ok()).toBe(true);

  await expect(toasts(page)).toContainText("Request Submitted Successfully");
  expect(posts).toHaveLength(1);
  await expect.poll(async () => (await emailsReplyingTo(request, email)).length).toBeGreaterThan(0);
  expect(await emailsReplyingTo(request, email)).toHaveLength(1);
});
