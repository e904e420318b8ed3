/**
 * Results are announced (issue 6): toasts render inside sonner's polite live region; the
 * destructive one is also put in a role="alert" region, so a failed submit interrupts.
 */
import { expect, test, type Page } from "@playwright/test";

const FAILURE = "Submission Failed. There was an error submitting your request. Please try again.";

async function submitValidForm(page: Page) {
  for (const [name, value] of [
    ["First Name", "Ada"],
    ["Last Name", "Lovelace"],
    ["Work Email", "ada@example.com"],
    ["Phone Number", "+61 8 9000 0000"],
    ["Company", "Analytical Mining"],
  ]) {
    await page.getByRole("textbox", { name, exact: true }).fill(value);
  }
  await page.getByRole("button", { name: "Submit" }).click();
}

test("a failed submit is announced assertively and the toast sits in the polite region", async ({ page }) => {
  let answer = 502;
  await page.route("**/api/send-contact-email", (route) =>
    route.fulfill({ status: answer, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/contact");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("");

  await submitValidForm(page);
  await expect(alert).toHaveText(FAILURE);
  await expect(page.locator('[aria-live="polite"] [data-sonner-toast]')).toContainText("Submission Failed");
  // Visually hidden: the toast is what sighted visitors see.
  await expect(alert).toHaveCSS("position", "absolute");
  await expect(alert).toHaveCSS("width", "1px");

  answer = 200;
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.locator('[aria-live="polite"]')).toContainText("Request Submitted Successfully");
  await expect(alert).toHaveText("");
});
