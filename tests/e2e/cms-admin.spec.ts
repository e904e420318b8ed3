/**
 * Content editing (docs/requirements.md#content-editing) against the built site (`npm start`):
 * /admin/ serves the Decap CMS editor, kept out of search engines, and the editor boots with the
 * typed config (production login: GitHub).
 */
import { expect, test } from "@playwright/test";

test("/admin/ is the content editor, marked noindex", async ({ page }) => {
  const response = await page.goto("/admin/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Content editor | Resources AI");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /none|noindex/);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  // Without decap-server on localhost:8081 Decap falls back to the production GitHub backend.
  await expect(page.getByRole("button", { name: /Login/ })).toBeVisible({ timeout: 30_000 });
});

test("public pages do not load the editor's scripts", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ["/", "/about", "/contact"]) await page.goto(path, { waitUntil: "networkidle" });
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.startsWith("/admin/") || /decap|cms/i.test(s))).toEqual([]);
});

// Decap's GitHub login opens api.netlify.com/auth in a popup, which hands the token back with
// `window.opener.postMessage`. `Cross-Origin-Opener-Policy: same-origin` on /admin/ would sever
// that opener and the login would hang (docs/decisions/0009-perf-coop.md). 127.0.0.1 stands in
// for the other origin; its robots.txt, like Netlify's auth page, sends no COOP of its own.
test("the editor's login popup on another origin keeps its opener", async ({ page, context, baseURL }) => {
  const adminResponse = await page.goto("/admin/");
  expect(adminResponse?.headers()["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  const popupUrl = `${baseURL!.replace("//localhost", "//127.0.0.1")}/robots.txt`;
  const popupResponse = await context.request.get(popupUrl);
  expect(popupResponse.status()).toBe(200);
  expect(popupResponse.headers()["cross-origin-opener-policy"]).toBeUndefined();
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page.evaluate((url) => void window.open(url, "Netlify Authorization", "width=960,height=600"), popupUrl),
  ]);
  await popup.waitForLoadState();
  expect(new URL(popup.url()).hostname).toBe("127.0.0.1");
  expect(await popup.evaluate(() => window.opener !== null)).toBe(true);
});
