import { expect, test } from "@playwright/test";
import { consoleErrors } from "./support/console-errors";
import { gotoHydrated } from "./support/hydrated";

for (const path of ["/", "/about", "/contact"]) {
  test(`no console errors on ${path}`, async ({ page }) => {
    const errors = consoleErrors(page);
    page.on("pageerror", (error) => errors.push(error.message));
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
    // Scroll so the lazy screenshot loads too.
    await page.mouse.wheel(0, 5000);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
}
