import type { Page } from "@playwright/test";

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
