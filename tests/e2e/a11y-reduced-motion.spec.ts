/**
 * prefers-reduced-motion (docs/requirements.md#accessibility-search-and-the-form-without-javascript):
 * with "reduce" every transition and animation lasts 0 s and smooth scrolling is off; with
 * "no-preference" the same controls keep their motion, so the check can tell the media query
 * apart from a site without motion at all.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_REQUEST_ROUTE, submitValidDemoRequest } from "./support/demo-request-form";
import { gotoHydrated } from "./support/hydrated";
import { toasts } from "./support/toasts";

/** The longest transition and animation duration of `target` and its descendants, in seconds. */
function longestMotion(target: Locator) {
  return target.evaluate((root) => {
    const seconds = (value: string) => Math.max(...value.split(",").map((part) => parseFloat(part) || 0));
    let longest = 0;
    for (const el of [root, ...root.querySelectorAll("*")]) {
      const style = getComputedStyle(el);
      longest = Math.max(longest, seconds(style.transitionDuration), seconds(style.animationDuration));
    }
    return longest;
  });
}

/** Asks for smooth scrolling as a library might (inline style) and returns what applies. */
function setSmoothScrolling() {
  document.documentElement.style.scrollBehavior = "smooth";
  return getComputedStyle(document.documentElement).scrollBehavior;
}

const heroCta = (page: Page) => page.getByRole("main").getByRole("link", { name: "REQUEST A DEMO" }).first();

async function showFailureToast(page: Page) {
  await page.route(DEMO_REQUEST_ROUTE, (route) => route.fulfill({ status: 502, body: "{}" }));
  await gotoHydrated(page, "/contact");
  await submitValidDemoRequest(page);
  const toast = toasts(page);
  await expect(toast).toContainText("Submission Failed");
  return toast;
}

test("without a preference the CTA keeps its transition and smooth scrolling works (control)", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await gotoHydrated(page, "/");
  expect(await longestMotion(heroCta(page))).toBeGreaterThan(0);
  expect(await page.evaluate(setSmoothScrolling)).toBe("smooth");
});

test.describe("with prefers-reduced-motion: reduce", () => {
  test.beforeEach(({ page }) => page.emulateMedia({ reducedMotion: "reduce" }));

  test("buttons and links have no transition or animation", async ({ page }) => {
    await gotoHydrated(page, "/");
    expect(await longestMotion(heroCta(page))).toBe(0);
    expect(await longestMotion(page.locator("body"))).toBe(0);
  });

  test("the toast has no transition or animation", async ({ page }) => {
    const toast = await showFailureToast(page);
    expect(await longestMotion(toast)).toBe(0);
    expect(await longestMotion(page.getByRole("button", { name: "Submit" }))).toBe(0);
  });

  test("smooth scrolling is off even where a style asks for it", async ({ page }) => {
    await gotoHydrated(page, "/");
    expect(await page.evaluate(setSmoothScrolling)).toBe("auto");
  });
});
