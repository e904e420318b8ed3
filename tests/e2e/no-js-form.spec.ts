/**
 * The Request a Demo form without JavaScript
 * (docs/requirements.md#accessibility-search-and-the-form-without-javascript): the browser posts
 * the plain HTML form (form-encoded) to the real function; success lands on the thanks page (with
 * a booking page configured, as in these tests, /contact/thanks/<id> with "Book a time now":
 * docs/requirements.md#speed-to-lead), bad input on a 422 page with the spec's messages. Real
 * function, real mail sink (`npm start`).
 */
import { expect, test } from "@playwright/test";
import { HONEYPOT_FIELD } from "../../src/lib/demo-request";
import { fillDemoRequest } from "./support/demo-request-form";
import { salesEmailsFor, sinkMessages, uniqueProspect } from "./support/mail-sink";
import { E2E_SPEED_TO_LEAD } from "./support/speed-to-lead-env";

test.use({ javaScriptEnabled: false });

test("the form is a real POST form with named fields", async ({ page }) => {
  await page.goto("/contact");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit" }) });
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", "/api/send-contact-email");
  for (const name of ["firstName", "lastName", "email", "phone", "company", "message", HONEYPOT_FIELD])
    await expect(form.locator(`[name="${name}"]`)).toHaveCount(1);
});

test("a valid submit records the sales e-mail and shows the thanks page", async ({ page, request }) => {
  const values = uniqueProspect();
  await page.goto("/contact");
  await fillDemoRequest(page, values);
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/contact\/thanks\/[0-9a-f-]{36}\?ticket=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request Submitted Successfully");
  await expect(
    page.getByText("Our team will contact you within 24 hours to schedule your demo."),
  ).toBeVisible();
  const booking = page.getByRole("link", { name: "Book a time now", exact: true });
  await expect(booking).toHaveAttribute("target", "_blank");
  await expect(booking).toHaveAttribute("rel", "noopener");
  const href = new URL((await booking.getAttribute("href")) ?? "");
  expect(href.origin + href.pathname).toBe(E2E_SPEED_TO_LEAD.BOOKING_URL);
  expect(href.searchParams.get("email")).toBe(values["Work Email"]);
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");

  // Post/Redirect/Get: a reload shows the page again and sends nothing. The prefilled link was for
  // this one visit (a one-time ticket): the reload offers the plain booking page, never the name
  // or e-mail (docs/decisions/0028-second-hostile-review.md).
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request Submitted Successfully");
  const reloaded = new URL((await booking.getAttribute("href")) ?? "");
  expect(reloaded.toString()).toBe(E2E_SPEED_TO_LEAD.BOOKING_URL);
  // Whoever knows only the lead id (the reference in the confirmation e-mail) learns nothing more.
  const leadId = new URL(page.url()).pathname.split("/").pop() ?? "";
  await page.goto(`/contact/thanks/${leadId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request Submitted Successfully");
  expect(await booking.getAttribute("href")).toBe(E2E_SPEED_TO_LEAD.BOOKING_URL);
  const sales = await salesEmailsFor(request, values["Work Email"]);
  expect(sales).toHaveLength(1);
  expect(sales[0].subject).toContain(values["Last Name"]);
  for (const value of Object.values(values)) expect(sales[0].text).toContain(value);
});

test("an invalid submit shows each field's message, sends nothing, and Back keeps the values", async ({
  page,
  request,
}) => {
  const before = (await sinkMessages(request)).length;
  const values: Record<string, string> = {
    ...uniqueProspect(),
    "Work Email": "not-an-address",
    "Phone Number": "   ",
  };
  await page.goto("/contact");
  await fillDemoRequest(page, values);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/send-contact-email")),
    page.getByRole("button", { name: "Submit" }).click(),
  ]);

  expect(response.status()).toBe(422);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your demo request was not sent");
  const items = page.getByRole("listitem");
  await expect(items).toHaveText([
    "Work Email: Invalid email address",
    "Phone Number: Phone number is required",
  ]);
  await expect(page.getByRole("link", { name: "open the form again" })).toHaveAttribute("href", "/contact");
  expect((await sinkMessages(request)).length).toBe(before);

  await page.goBack();
  await expect(page.getByRole("textbox", { name: "Company", exact: true })).toHaveValue(values["Company"]);
});
