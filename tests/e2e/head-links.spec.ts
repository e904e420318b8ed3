/**
 * The head links only the browser's own interface uses
 * (docs/decisions/0026-head-links-after-first-paint.md): on every built page the icon is a `data:`
 * URL, so the browser fetches nothing for it, and the manifest link is added after the first
 * contentful paint, so the manifest and install-icon requests Chromium makes for it start after the
 * paint. Without JavaScript the manifest link is in the HTML itself.
 */
import { expect, test } from "@playwright/test";
import { FAVICON_HREF } from "../../src/lib/site-head";
import { MANIFEST_PATH } from "../../src/lib/inline-scripts";
import { builtPageUrls } from "./support/built-html";

const paths = builtPageUrls();

type ManifestWatch = { atDomContentLoaded: boolean | null; addedAt: number | null };

for (const path of paths) {
  test(`${path}: the icon costs no request, and the manifest link arrives after the first contentful paint`, async ({
    page,
  }) => {
    // Runs before the page's own scripts: notes whether the parser made a manifest link and when
    // one was added to the document.
    await page.addInitScript(() => {
      const watch: ManifestWatch = { atDomContentLoaded: null, addedAt: null };
      (window as unknown as { manifestWatch: ManifestWatch }).manifestWatch = watch;
      new MutationObserver(() => {
        if (watch.addedAt === null && document.querySelector('link[rel="manifest"]'))
          watch.addedAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
      document.addEventListener("DOMContentLoaded", () => {
        watch.atDomContentLoaded = document.querySelector('link[rel="manifest"]') !== null;
      });
    });
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", MANIFEST_PATH);
    const seen = await page.evaluate(() => ({
      ...(window as unknown as { manifestWatch: ManifestWatch }).manifestWatch,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      manifestLinks: document.querySelectorAll('link[rel="manifest"]').length,
      icons: [...document.querySelectorAll('link[rel~="icon"]')].map((link) => link.getAttribute("href")),
    }));
    expect(seen.atDomContentLoaded).toBe(false);
    expect(seen.fcp).not.toBeNull();
    expect(seen.addedAt).toBeGreaterThanOrEqual(seen.fcp ?? Infinity);
    expect(seen.manifestLinks).toBe(1);
    expect(seen.icons).toEqual([FAVICON_HREF]);
  });
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("every page links the manifest in its HTML, and the manifest is served", async ({ page, request }) => {
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('link[rel="manifest"]'), path).toHaveAttribute("href", MANIFEST_PATH);
      await expect(page.locator('link[rel~="icon"]'), path).toHaveAttribute("href", FAVICON_HREF);
    }
    const manifest = await request.get(MANIFEST_PATH);
    expect(manifest.status()).toBe(200);
    expect(((await manifest.json()) as { icons: unknown[] }).icons.length).toBeGreaterThan(0);
  });
});
