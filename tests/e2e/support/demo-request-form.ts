import { expect, type Page } from "@playwright/test";

/** A valid demo request, by the form's field labels (spec section 2). */
export const VALID_DEMO_REQUEST: readonly (readonly [label: string, value: string])[] = [
  ["First Name", "Ada"],
  ["Last Name", "Lovelace"],
  ["Work Email", "ada@example.com"],
  ["Phone Number", "+61 8 9000 0000"],
  ["Company", "Analytical Mining"],
];

/** Types the valid demo request into the hydrated /contact form and presses Submit. */
export async function submitValidDemoRequest(page: Page): Promise<void> {
  for (const [name, value] of VALID_DEMO_REQUEST) {
    await page.getByRole("textbox", { name, exact: true }).fill(value);
  }
  await page.getByRole("button", { name: "Submit" }).click();
}

/**
 * Waits for the /contact form to hydrate, fills `values` (field label -> text), presses Submit
 * and resolves with the requestId the page posted to /api/send-contact-email.
 */
export async function fillAndSubmitDemoRequest(page: Page, values: Record<string, string>): Promise<string> {
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  for (const [label, value] of Object.entries(values)) {
    await page.getByRole("textbox", { name: label, exact: true }).fill(value);
  }
  const posted = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith("/api/send-contact-email"),
  );
  await page.getByRole("button", { name: /^Submit/ }).click();
  return (JSON.parse((await posted).postData() ?? "{}") as { requestId: string }).requestId;
}
