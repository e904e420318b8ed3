/**
 * CLS 0 (docs/requirements.md#performance-budget): on /contact nothing moves while its HTML is
 * still arriving or when its scripts start, however late. The header's controls are laid out by
 * what follows them, so a frame painted with half a header would move them (docs/performance.md).
 */
import { expect, test, type Page } from "@playwright/test";
import { hydratedForm } from "./support/hydrated";
import { startSlowHeaderProxy, type SlowHeaderProxy } from "./support/slow-header-proxy";

/** Starts recording every layout shift of the next page, with the elements that moved. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const moved = entry.sources.map((source) => {
          const node = source.node;
          return node instanceof Element ? node.outerHTML.slice(0, 80) : String(node?.nodeName);
        });
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise((resolve) =>
        // Two frames, so the last layout's shifts have been reported.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve((window as unknown as { __layoutShifts: unknown }).__layoutShifts),
          ),
        ),
      ),
  );

let proxy: SlowHeaderProxy;
test.beforeAll(async ({ baseURL }) => {
  proxy = await startSlowHeaderProxy(baseURL ?? "");
});
test.afterAll(async () => {
  await proxy.close();
});

// Lighthouse's phone, and a desktop where the header shows its nav and Request Demo.
for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px /contact does not move while its header arrives tag by tag and its scripts start late`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await recordLayoutShifts(page);
    // Holds every script until the page's HTML has been read and painted.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });

    await page.goto(`${proxy.url}/contact`, { waitUntil: "domcontentloaded" });
    const theme = page.getByLabel("Theme");
    const before = await theme.boundingBox();
    await expect(hydratedForm(page)).toHaveCount(0);
    releaseScripts();
    await expect(hydratedForm(page)).toBeVisible();
    const after = await theme.boundingBox();

    expect(before).not.toBeNull();
    expect(after).toEqual(before);
    expect(await layoutShifts(page)).toEqual([]);
  });
}
