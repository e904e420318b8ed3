/**
 * Issue 7 against the built site (`npm start`): /admin/ serves the Decap CMS editor, kept out of
 * search engines, and the editor boots with the typed config (production login: GitHub).
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
