/**
 * The mobile menu at 375 px (spec section 2): toggles from the header button, holds the nav links
 * plus Request Demo and Start Pilot, closes on a tap on one of its links, on Escape (focus back on
 * the button) and on a tap outside. A native popover (docs/decisions/0015-controls-without-framework.md):
 * the same with JavaScript off, and on the page React hydrates (/contact) as on the script-free ones.
 */
import { expect, test, type Page } from "@playwright/test";
import { accessibleState } from "./support/accessibility-tree";
import { gotoHydrated } from "./support/hydrated";

test.use({ viewport: { width: 375, height: 800 } });

const BUTTON = 'header button[popovertarget="mobile-menu"]';
const menuButton = (page: Page) => page.getByRole("button", { name: /menu/ });
const menu = (page: Page) => page.locator("#mobile-menu");
const expanded = (page: Page) => accessibleState(page, BUTTON, "expanded");

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "with JavaScript off", () => {
    test.use({ javaScriptEnabled });
    // With JavaScript off nothing hydrates: the page is ready as soon as it is loaded.
    const open = (page: Page, path: string) =>
      javaScriptEnabled ? gotoHydrated(page, path) : page.goto(path);

    for (const path of ["/", "/contact"]) {
      test(`on ${path} the menu opens with Request Demo and Start Pilot and closes after a tap`, async ({
        page,
      }) => {
        await open(page, path);
        // The desktop nav and header Request Demo are hidden at this width.
        await expect(page.getByRole("banner").getByRole("link", { name: "Request Demo" })).toBeHidden();

        // Its name toggles between "Open menu" and "Close menu"; the browser exposes the state.
        await expect(menuButton(page)).toHaveAccessibleName("Open menu");
        expect(await expanded(page)).toBe(false);
        await menuButton(page).click();
        await expect(menuButton(page)).toHaveAccessibleName("Close menu");
        await expect(menu(page)).toBeVisible();
        expect(await expanded(page)).toBe(true);
        for (const name of ["Home", "About", "Contact", "Request Demo", "Start Pilot"]) {
          await expect(menu(page).getByRole("link", { name, exact: true })).toBeVisible();
        }

        await menuButton(page).click();
        await expect(menu(page)).toBeHidden();
        await expect(menuButton(page)).toHaveAccessibleName("Open menu");

        await menuButton(page).click();
        await menu(page).getByRole("link", { name: "Home", exact: true }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(menu(page)).toBeHidden();
        expect(await expanded(page)).toBe(false);
      });
    }

    test("it opens right under the header, across the page", async ({ page }) => {
      await open(page, "/about");
      await menuButton(page).click();
      const header = await page.getByRole("banner").boundingBox();
      const box = await menu(page).boundingBox();
      expect(box).toMatchObject({ x: 0, width: 375 });
      // The header's 1 px bottom border is under the menu's top edge, as before.
      expect(box!.y).toBe(header!.y + header!.height - 1);
    });

    test("Start Pilot in the menu arrives at /contact with the menu closed", async ({ page }) => {
      await open(page, "/about");
      await page.getByRole("button", { name: "Open menu" }).click();
      await menu(page).getByRole("link", { name: "Start Pilot" }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole("heading", { level: 1, name: "Request a Demo" })).toBeVisible();
      await expect(menu(page)).toBeHidden();
    });

    test("Escape closes the menu and returns focus to the button", async ({ page }) => {
      await open(page, "/");
      const button = page.getByRole("button", { name: "Open menu" });
      await button.click();
      await menu(page).getByRole("link", { name: "About" }).focus();
      await page.keyboard.press("Escape");
      await expect(menu(page)).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    });

    test("a tap outside the menu closes it", async ({ page }) => {
      await open(page, "/");
      await menuButton(page).click();
      await expect(menu(page)).toBeVisible();
      await page.mouse.click(200, 700);
      await expect(menu(page)).toBeHidden();
    });
  });
}

test("a page restored from the back/forward cache never shows the menu left open", async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // Playwright turns the cache off by default; this browser keeps Chromium's default.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  });
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 375, height: 800 } });
    await page.goto("/about");
    await page.evaluate(() =>
      addEventListener("pageshow", (event) => {
        (window as unknown as { restored?: boolean }).restored = event.persisted;
      }),
    );
    await menuButton(page).click();
    await menu(page).getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(/\/about$/);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { restored?: boolean }).restored))
      .toBe(true);
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAccessibleName("Open menu");
  } finally {
    await browser.close();
  }
});
