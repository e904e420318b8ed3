import { expect, type Page } from "@playwright/test";
import pagesWithScripts from "../../../build/pages-with-scripts.json";

/**
 * Whether React hydrates the page at `path` or URL (build/pages-with-scripts.json); every other
 * page is script-free.
 */
export function hydrates(path: string): boolean {
  const { pathname } = new URL(path, "http://localhost");
  return pagesWithScripts.includes(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
}

/**
 * The demo-request form once React has hydrated it: the form sets `data-hydrated` in its first
 * effect, for browser tests to wait on (src/components/demo-request/demo-request-form.tsx).
 * /contact, the one page React hydrates, carries it; no other page has the attribute.
 */
export const hydratedForm = (page: Page) => page.locator("form[data-hydrated]");

/**
 * Opens `path` (or a URL) and waits until it takes input as a visitor would use it. A script-free
 * page does at once: its controls are native HTML and inline scripts
 * (docs/decisions/0015-controls-without-framework.md). On a page React hydrates it waits for the
 * form's hydration marker ({@link hydratedForm}), so clicks and typing reach React's handlers
 * rather than the static HTML.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  if (hydrates(path)) await expect(hydratedForm(page)).toBeVisible();
  return response;
}
