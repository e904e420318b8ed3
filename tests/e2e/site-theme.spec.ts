import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated } from "./support/hydrated";

/**
 * Records <html>'s class at the moment <body> is first parsed, i.e. before the first paint
 * and long before hydration, so a theme applied only by React would be caught as a flash.
 */
async function recordFirstFrameClass(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { __firstFrameClass: string }).__firstFrameClass =
        document.documentElement.className;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}
const firstFrameClass = (page: Page) =>
  page.evaluate(() => (window as unknown as { __firstFrameClass?: string }).__firstFrameClass);

test("a dark or light choice survives a reload with no flash", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await recordFirstFrameClass(page);
  await gotoHydrated(page, "/");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByLabel("Theme").selectOption("dark");
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  await page.reload();
  expect(await firstFrameClass(page)).toMatch(/\bdark\b/);
  await gotoHydrated(page, "/about");
  expect(await firstFrameClass(page)).toMatch(/\bdark\b/);
  await expect(page.getByLabel("Theme")).toHaveValue("dark");

  await page.emulateMedia({ colorScheme: "dark" });
  await page.getByLabel("Theme").selectOption("light");
  await page.reload();
  expect(await firstFrameClass(page)).not.toMatch(/\bdark\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test("system follows the OS setting, also while the page is open", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await recordFirstFrameClass(page);
  await gotoHydrated(page, "/");
  expect(await firstFrameClass(page)).toMatch(/\bdark\b/);
  await expect(page.getByLabel("Theme")).toHaveValue("system");

  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
});

test("the site stores only the theme (localStorage) and the tab's first landing (sessionStorage), no cookie", async ({
  page,
}) => {
  await gotoHydrated(page, "/?utm_source=newsletter&email=someone@example.com");
  await page.getByLabel("Theme").selectOption("light");
  const stored = await page.evaluate(() => [
    Object.keys(localStorage),
    Object.keys(sessionStorage),
    JSON.parse(sessionStorage.getItem("attribution") ?? "null") as unknown,
    document.cookie,
  ]);
  expect(stored).toEqual([["theme"], ["attribution"], { landing_path: "/", utm_source: "newsletter" }, ""]);
});
