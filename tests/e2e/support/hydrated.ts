import { expect, type Page } from "@playwright/test";

/**
 * Opens `path` and waits until React has hydrated the header, so clicks reach React
 * handlers (the menu button, the theme control) rather than the static HTML.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const header = document.querySelector("header");
        return header !== null && Object.keys(header).some((key) => key.startsWith("__reactFiber"));
      }),
    )
    .toBe(true);
  return response;
}
