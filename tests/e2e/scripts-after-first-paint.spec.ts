import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support/hydrated";

/**
 * Issue 5 (LCP): no page script is requested before the first contentful paint, and the page
 * still hydrates (src/build/scripts-after-first-paint.ts). Timings are the page's own
 * Performance entries, so the check holds however fast this machine is.
 */
for (const path of ["/", "/about", "/contact", "/no-such-page"]) {
  test(`${path}: Gatsby's scripts start after the first contentful paint and the page hydrates`, async ({
    page,
  }) => {
    await gotoHydrated(page, path);
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(timings.fcp).not.toBeNull();
    expect(timings.scripts.map((script) => script.url)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/webpack-runtime-/),
        expect.stringMatching(/^\/framework-/),
        expect.stringMatching(/^\/app-/),
      ]),
    );
    for (const script of timings.scripts) {
      expect(script.start, script.url).toBeGreaterThanOrEqual(timings.fcp ?? Infinity);
    }
    // The loader asked webpack to run React DOM right after the framework chunk (the prewarm).
    const chunkIds = await page.evaluate(() =>
      Object.entries(window)
        .filter(([name]) => name.startsWith("webpackChunk"))
        .flatMap(([, pushes]) => (pushes as unknown as [unknown[]][]).map(([ids]) => ids)),
    );
    expect(chunkIds).toContainEqual(["react-dom-client"]);
  });
}
