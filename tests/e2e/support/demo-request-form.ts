import { expect, type Page, type Request } from "@playwright/test";
import { gotoHydrated, hydratedForm } from "./hydrated";

/** The function the form posts to, as a `page.route` pattern. */
export const DEMO_REQUEST_ROUTE = "**/api/send-contact-email";

/** Whether `request` is a POST to the demo-request function. */
export const isDemoRequestPost = (request: Request) =>
  request.method() === "POST" && request.url().endsWith("/api/send-contact-email");

/** A valid demo request, by the form's field labels (spec section 2). */
export const VALID_DEMO_REQUEST: Readonly<Record<string, string>> = {
  "First Name": "Ada",
  "Last Name": "Lovelace",
  "Work Email": "ada@example.com",
  "Phone Number": "+61 8 9000 0000",
  Company: "Analytical Mining",
};

/** The form's text box labelled `label` (exactly). */
export const demoRequestField = (page: Page, label: string) =>
  page.getByRole("textbox", { name: label, exact: true });

/** The form's Submit button, also while it reads "Submitting...". */
export const submitButton = (page: Page) => page.getByRole("button", { name: /^Submit/ });

/** Types `values` (field label -> text) into the form, in their order. */
export async function fillDemoRequest(page: Page, values: Readonly<Record<string, string>>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await demoRequestField(page, label).fill(value);
}

/** Asserts the form holds `values` (field label -> text), e.g. kept after a failed submit. */
export async function expectDemoRequestValues(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values))
    await expect(demoRequestField(page, label)).toHaveValue(value);
}

/** Types the valid demo request into the hydrated /contact form and presses Submit. */
export async function submitValidDemoRequest(page: Page): Promise<void> {
  await fillDemoRequest(page, VALID_DEMO_REQUEST);
  await page.getByRole("button", { name: "Submit" }).click();
}

/**
 * Waits for the /contact form to hydrate, fills `values` (field label -> text), presses Submit
 * and resolves with the lead's reference, the id the function made for it (its JSON answer's
 * `reference`: the id the e-mails, the webhook and the CSV show).
 */
export async function fillAndSubmitDemoRequest(page: Page, values: Record<string, string>): Promise<string> {
  await expect(hydratedForm(page)).toBeVisible();
  await fillDemoRequest(page, values);
  const answered = page.waitForResponse((response) => isDemoRequestPost(response.request()));
  await submitButton(page).click();
  const answer = await answered;
  const { reference } = (await answer.json()) as { reference?: string };
  expect(reference, `the answer ${answer.status()} carries no reference`).toMatch(/^[0-9a-f-]{36}$/);
  return reference!;
}

/** Opens /contact and sends `values` through the form; resolves with the lead's reference. */
export async function sendDemoRequest(page: Page, values: Record<string, string>): Promise<string> {
  await gotoHydrated(page, "/contact");
  return fillAndSubmitDemoRequest(page, values);
}
