/**
 * Results are announced (issue 6): toasts render inside sonner's polite live region; the
 * destructive one is also put in a role="alert" region, so a failed submit interrupts.
 */
import { expect, test } from "@playwright/test";
import { submitValidDemoRequest } from "./support/demo-request-form";

const FAILURE = "Submission Failed. There was an error submitting your request. Please try again.";

test("a failed submit is announced assertively and the toast sits in the polite region", async ({ page }) => {
  let answer = 502;
  await page.route("**/api/send-contact-email", (route) =>
    route.fulfill({ status: answer, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/contact");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("");

  await submitValidDemoRequest(page);
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
