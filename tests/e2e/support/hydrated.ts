import { expect, type Page } from "@playwright/test";
import pagesWithScripts from "../../../build/pages-with-scripts.json";

/** Whether React hydrates `path` (build/pages-with-scripts.json); every other page is script-free. */
export const hydrates = (path: string) =>
  pagesWithScripts.includes(path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * Opens `path` and waits until it takes input as a visitor would use it. A script-free page does
 * at once (issue 17: its controls are native HTML and inline scripts); on a page React hydrates,
 * it waits until React has hydrated the header, so clicks reach React handlers rather than the
 * static HTML.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  if (!hydrates(path)) return response;
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
