/**
 * Interactive at first paint (docs/requirements.md#interactive-at-first-paint,
 * docs/decisions/0014-script-free-pages.md): every page but those in
 * build/pages-with-scripts.json loads no script file, no page data and no React; it runs only the
 * site's own inline scripts (theme, speculation rules, the 404 log, ...). /contact keeps React and
 * hydrates. The pages are discovered from the build, so a new page (a content page added later)
 * is checked without being named here.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  HEAD_SCRIPTS,
  mobileMenuScript,
  notFoundLogScript,
  themeSelectScript,
} from "../../src/lib/inline-scripts";
import { builtPageUrls } from "./support/built-html";
import { gotoHydrated, hydratedForm, hydrates } from "./support/hydrated";

const paths = builtPageUrls();

/**
 * The site's own inline scripts (src/lib/inline-scripts.ts): every page's head scripts, the scripts
 * after the theme select and the mobile menu (whose id is "mobile-menu"), and the 404 page's log.
 */
const OWN_INLINE_SCRIPTS = new Set([
  ...HEAD_SCRIPTS.map((script) => script.code),
  themeSelectScript,
  mobileMenuScript("mobile-menu"),
  notFoundLogScript,
]);

/**
 * The page's scripts that are not the site's own inline ones, by URL or text; JSON-LD blocks are
 * data, not scripts. Anything a framework adds (a file, a loader, a chunk map) is listed here.
 */
async function foreignScripts(page: Page): Promise<string[]> {
  const scripts = await page.evaluate(() =>
    [...document.scripts]
      .filter((script) => script.type !== "application/ld+json")
      .map((script) => script.src || script.text),
  );
  return scripts.filter((script) => !OWN_INLINE_SCRIPTS.has(script));
}

/** Every request the page makes while loading and until the network is idle, as URL paths. */
async function load(page: Page, path: string) {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  await gotoHydrated(page, path);
  await page.waitForLoadState("networkidle");
  return requests;
}

test("the build has script-free pages and the pages React hydrates", () => {
  expect(paths).toEqual(
    expect.arrayContaining(["/", "/about", "/contact", "/contact/thanks", "/privacy", "/no-such-page"]),
  );
  expect(paths.filter(hydrates)).toEqual(["/contact"]);
});

for (const path of paths.filter((p) => !hydrates(p))) {
  test(`${path} loads no script, no page data and no React, and its inline scripts ran`, async ({ page }) => {
    const requests = await load(page, path);
    expect(requests.filter((url) => /\.js$|^\/page-data\//.test(url))).toEqual([]);
    expect(await foreignScripts(page)).toEqual([]);
    const state = await page.evaluate(() => ({
      hydrated: document.querySelectorAll("[data-hydrated]").length,
      theme: document.documentElement.getAttribute("data-theme"),
      externalScripts: document.querySelectorAll("script[src]").length,
    }));
    expect(state).toEqual({ hydrated: 0, theme: "system", externalScripts: 0 });
  });
}

test("/contact loads Gatsby's scripts after its first contentful paint, and React hydrates it", async ({
  page,
}) => {
  const requests = await load(page, "/contact");
  expect(requests).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/webpack-runtime-.*\.js$/),
      expect.stringMatching(/^\/framework-.*\.js$/),
      expect.stringMatching(/^\/app-.*\.js$/),
      expect.stringMatching(/^\/page-data\/contact\/page-data\.json$/),
    ]),
  );
  await expect(hydratedForm(page)).toBeVisible();
  // The check the script-free pages pass tells Gatsby's scripts apart from the site's own.
  expect(await foreignScripts(page)).not.toEqual([]);
  // The page's own Performance entries: holds however fast this machine is (decision 0016).
  const timings = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".js"))
      .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
  }));
  expect(timings.fcp).not.toBeNull();
  for (const script of timings.scripts) expect(script.start, script.url).toBeGreaterThanOrEqual(timings.fcp);
});

test("every page carries same-origin speculation rules the browser accepts", async ({ page }) => {
  await gotoHydrated(page, "/about");
  const rules = await page.evaluate(() => ({
    supported: HTMLScriptElement.supports?.("speculationrules") ?? false,
    text: document.querySelector('script[type="speculationrules"]')?.textContent ?? "",
  }));
  expect(rules.supported).toBe(true);
  const { prerender } = JSON.parse(rules.text) as { prerender: { where: unknown; eagerness: string }[] };
  expect(prerender).toEqual([
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/admin/*" } },
          { not: { href_matches: "/api/*" } },
        ],
      },
      eagerness: "moderate",
    },
  ]);
});

test("the speculation rules pass the served CSP, and hovering a link starts loading its page", async ({
  page,
  baseURL,
}) => {
  // Chromium's DevTools protocol reports each rule set it accepted and each speculation it starts.
  // A rule set the CSP blocks is never reported (the browser logs a CSP violation instead).
  // Under DevTools Chromium declines the prerender itself, but reports the attempt and the
  // prefetch it starts first.
  const cdp = await page.context().newCDPSession(page);
  const ruleSets: { errorType?: string }[] = [];
  const speculated: string[] = [];
  cdp.on("Preload.ruleSetUpdated", ({ ruleSet }) => ruleSets.push(ruleSet));
  cdp.on("Preload.prerenderStatusUpdated", ({ key }) => speculated.push(key.url));
  cdp.on("Preload.prefetchStatusUpdated", ({ key }) => speculated.push(key.url));
  await cdp.send("Preload.enable");

  const response = await page.goto("/about");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'sha256-");
  await expect.poll(() => ruleSets.length).toBe(1);
  expect(ruleSets[0].errorType).toBeUndefined();
  expect(speculated).toEqual([]);
  await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).hover();
  await expect.poll(() => speculated).toContain(`${baseURL}/`);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the pages read the same, and the theme control, which could do nothing, is not shown", async ({
    page,
  }) => {
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("© 2025 Resources AI. All rights reserved.");
      await expect(page.getByLabel("Theme")).toBeHidden();
    }
  });
});
