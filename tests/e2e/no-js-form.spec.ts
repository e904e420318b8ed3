/**
 * The Request a Demo form without JavaScript (issue 6): the browser posts the plain HTML form
 * (form-encoded) to the real function; success lands on /contact/thanks, bad input on a 422
 * page with the spec's messages. Real function, real mail sink (`npm start`).
 */
import { expect, test, type Page } from "@playwright/test";
import { HONEYPOT_FIELD } from "../../src/lib/demo-request";
import { salesEmailsFor, sinkMessages, uniqueProspect } from "./support/mail-sink";

test.use({ javaScriptEnabled: false });

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await page.getByRole("textbox", { name: label, exact: true }).fill(value);
  }
}

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
  await fill(page, values);
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/contact\/thanks\/?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request Submitted Successfully");
  await expect(
    page.getByText("Our team will contact you within 24 hours to schedule your demo."),
  ).toBeVisible();

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
  await fill(page, values);
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
