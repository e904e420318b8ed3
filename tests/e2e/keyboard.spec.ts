/**
 * Keyboard-only use (docs/requirements.md#accessibility-search-and-the-form-without-javascript):
 * skip link first, then the header and its nav; reaching /contact,
 * submitting with an error, correcting it and hearing the result, without the mouse; a visible
 * focus indicator on every control reached; the 375 px menu traps nothing and hands focus back
 * to its button on Escape, also with JavaScript off (a native popover,
 * docs/decisions/0015-controls-without-framework.md).
 */
import { expect, test, type Page } from "@playwright/test";
import { expectVisibleFocus } from "./support/a11y";
import { gotoHydrated, hydratedForm } from "./support/hydrated";

const focused = (page: Page) => page.locator(":focus");

/** Presses Tab until `target` has focus (at most `max` times), checking focus is visible at every stop. */
async function tabTo(page: Page, isTarget: () => Promise<boolean>, max = 40) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page);
    if (await isTarget()) return;
  }
  throw new Error(`target not reached after ${max} Tab presses`);
}

const isFocusedField = (page: Page, label: string) => () =>
  page.getByRole("textbox", { name: label, exact: true }).evaluate((el) => el === document.activeElement);

test.describe("desktop, 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("Tab reaches Skip to content first, then the logo and the nav in order", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.keyboard.press("Tab");
    await expect(focused(page)).toHaveAccessibleName("Skip to content");
    await expect(focused(page)).toBeInViewport();
    await expectVisibleFocus(page);

    await page.keyboard.press("Tab");
    await expect(focused(page)).toHaveAccessibleName("Resources AI home");
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    for (const name of ["Home", "About", "Contact"]) {
      await page.keyboard.press("Tab");
      await expectVisibleFocus(page);
      await expect(focused(page)).toHaveAccessibleName(name);
      await expect(nav.locator(":focus")).toHaveCount(1);
    }
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    // The next Tab starts inside main (the hero's CTA), past the header.
    await page.keyboard.press("Tab");
    await expect(page.locator("main :focus")).toHaveAccessibleName("REQUEST A DEMO");
  });

  test("reach /contact, submit with an error, correct it, and hear the result", async ({ page }) => {
    await gotoHydrated(page, "/");
    await tabTo(page, async () => (await focused(page).getAttribute("href")) === "/contact");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(hydratedForm(page)).toBeVisible();

    await tabTo(page, isFocusedField(page, "First Name"));
    for (const value of ["Ada", "Lovelace", `ada.${Date.now()}@example.com`, "+61 8 9000 0000"]) {
      await page.keyboard.type(value);
      await page.keyboard.press("Tab");
      await expectVisibleFocus(page);
    }
    // Company left empty; Tab past it and the message box to the Submit button.
    await tabTo(page, async () => (await focused(page).textContent()) === "Submit");
    await page.keyboard.press("Enter");

    const company = page.getByRole("textbox", { name: "Company", exact: true });
    await expect(company).toBeFocused();
    await expectVisibleFocus(page);
    await expect(company).toHaveAttribute("aria-invalid", "true");
    await expect(company).toHaveAccessibleDescription("Company name is required");

    await page.keyboard.type("Analytical Mining");
    await expect(company).not.toHaveAttribute("aria-invalid");
    await tabTo(page, async () => (await focused(page).textContent()) === "Submit");
    await page.keyboard.press("Enter");

    // Sonner's live region is polite; the success text must be inside it to be heard.
    const politeRegion = page.locator('[aria-live="polite"]');
    await expect(politeRegion).toContainText("Request Submitted Successfully", { timeout: 20_000 });
    await expect(politeRegion).toContainText(
      "Our team will contact you within 24 hours to schedule your demo.",
    );
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`phone, 375 px${javaScriptEnabled ? "" : ", JavaScript off"}`, () => {
    test.use({ viewport: { width: 375, height: 800 }, javaScriptEnabled });

    test("the menu traps nothing and Escape returns focus to its button", async ({ page }) => {
      // "/" is script-free (build/pages-with-scripts.json): nothing to wait for, with or without JavaScript.
      await gotoHydrated(page, "/");
      const button = page.getByRole("button", { name: "Open menu" });
      await tabTo(page, () => button.evaluate((el) => el === document.activeElement));
      await page.keyboard.press("Enter");
      const menu = page.locator("#mobile-menu");
      await expect(menu).toBeVisible();

      for (const name of ["Home", "About", "Contact", "Request Demo", "Start Pilot"]) {
        await page.keyboard.press("Tab");
        await expectVisibleFocus(page);
        await expect(menu.locator(":focus")).toHaveAccessibleName(name);
      }
      // Past the last link focus leaves the menu (no trap) and goes on into the page.
      await page.keyboard.press("Tab");
      await expect(menu.locator(":focus")).toHaveCount(0);
      await expect(page.locator("main :focus")).toHaveCount(1);

      await page.keyboard.press("Shift+Tab");
      await expect(menu.locator(":focus")).toHaveAccessibleName("Start Pilot");
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
      await expectVisibleFocus(page);
    });
  });
}
