/**
 * Results are announced (docs/requirements.md#accessibility-search-and-the-form-without-javascript):
 * toasts render inside sonner's polite live region; the destructive one is also put in a
 * role="alert" region, so a failed submit interrupts.
 */
import { expect, test } from "@playwright/test";
import { DEMO_REQUEST_ROUTE, submitValidDemoRequest } from "./support/demo-request-form";
import { gotoHydrated } from "./support/hydrated";
import { assertiveAnnouncer, toastRegion, toasts } from "./support/toasts";

const FAILURE = "Submission Failed. There was an error submitting your request. Please try again.";

test("a failed submit is announced assertively and the toast sits in the polite region", async ({ page }) => {
  let answer = 502;
  await page.route(DEMO_REQUEST_ROUTE, (route) =>
    route.fulfill({ status: answer, contentType: "application/json", body: "{}" }),
  );
  await gotoHydrated(page, "/contact");
  const alert = assertiveAnnouncer(page);
  await expect(alert).toHaveText("");

  await submitValidDemoRequest(page);
  await expect(alert).toHaveText(FAILURE);
  await expect(toastRegion(page)).toHaveAttribute("aria-live", "polite");
  await expect(toasts(page)).toContainText("Submission Failed");
  // Visually hidden: the toast is what sighted visitors see.
  await expect(alert).toHaveCSS("position", "absolute");
  await expect(alert).toHaveCSS("width", "1px");

  answer = 200;
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(toastRegion(page)).toContainText("Request Submitted Successfully");
  await expect(alert).toHaveText("");
});
