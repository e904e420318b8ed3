import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support/hydrated";

test.use({ viewport: { width: 375, height: 800 } });

test("at 375 px the menu opens with Request Demo and Start Pilot and closes after a tap", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  // The desktop nav and header Request Demo are hidden at this width.
  await expect(page.getByRole("banner").getByRole("link", { name: "Request Demo" })).toBeHidden();

  // Its name toggles between "Open menu" and "Close menu".
  const button = page.getByRole("button", { name: /menu/ });
  await expect(button).toHaveAccessibleName("Open menu");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await expect(button).toHaveAccessibleName("Close menu");
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  for (const name of ["Home", "About", "Contact", "Request Demo", "Start Pilot"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }

  await menu.getByRole("link", { name: "Home", exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("Start Pilot in the menu arrives at /contact with the menu closed", async ({ page }) => {
  await gotoHydrated(page, "/about");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator("#mobile-menu").getByRole("link", { name: "Start Pilot" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Request a Demo" })).toBeVisible();
  await expect(page.locator("#mobile-menu")).toBeHidden();
});

test("Escape closes the menu and returns focus to the button", async ({ page }) => {
  await gotoHydrated(page, "/");
  const button = page.getByRole("button", { name: "Open menu" });
  await button.click();
  await page.locator("#mobile-menu").getByRole("link", { name: "About" }).focus();
  await page.keyboard.press("Escape");
  await expect(page.locator("#mobile-menu")).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
});
