/**
 * axe scans of every page state that
 * docs/requirements.md#accessibility-search-and-the-form-without-javascript lists, in light and
 * dark theme at 375, 768 and 1280 px: /, /about, /contact, /privacy
 * (docs/requirements.md#personal-data), a 404, /contact with every validation error showing, and
 * /contact with the destructive toast open (the function answers 502). Zero violations of any
 * impact. One page per state and theme, resized between scans, keeps the run short.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, WIDTHS } from "./support/a11y";
import { DEMO_REQUEST_ROUTE, fillDemoRequest, VALID_DEMO_REQUEST } from "./support/demo-request-form";
import { gotoHydrated } from "./support/hydrated";
import { toasts } from "./support/toasts";

const HEIGHT = 900;

async function openIn(page: Page, theme: "light" | "dark", path: string) {
  await page.emulateMedia({ colorScheme: theme });
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await gotoHydrated(page, path);
  // The theme script follows the system setting; a wrong theme would scan the wrong colours.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
    .toBe(theme === "dark");
}

const submit = (page: Page) => page.getByRole("button", { name: "Submit" }).click();

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    for (const path of ["/", "/about", "/contact", "/privacy", "/does-not-exist"]) {
      test(`${path} at every width`, async ({ page }) => {
        await openIn(page, theme, path);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await expectNoAxeViolations(page, `${path} ${theme} ${width}px`);
        }
      });
    }

    test("/contact with every validation error showing at every width", async ({ page }) => {
      await openIn(page, theme, "/contact");
      await submit(page);
      for (const message of [
        "First name is required",
        "Last name is required",
        "Invalid email address",
        "Phone number is required",
        "Company name is required",
      ]) {
        await expect(page.getByText(message)).toBeVisible();
      }
      await page.mouse.move(0, 0);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await expectNoAxeViolations(page, `/contact errors ${theme} ${width}px`);
      }
    });

    test("/contact with the destructive toast open at every width", async ({ page }) => {
      await page.route(DEMO_REQUEST_ROUTE, (route) => route.fulfill({ status: 502, body: "{}" }));
      await openIn(page, theme, "/contact");
      await fillDemoRequest(page, VALID_DEMO_REQUEST);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        // A fresh toast per width: each lives 5 s, longer than one scan but not three.
        await submit(page);
        await expect(toasts(page)).toContainText("Submission Failed");
        await page.mouse.move(0, 0);
        // Let the entry transition finish so contrast is measured on the final colours.
        await page.waitForTimeout(500);
        await expectNoAxeViolations(page, `/contact toast ${theme} ${width}px`);
      }
    });
  });
}
