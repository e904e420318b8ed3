/**
 * Security headers on every page (docs/requirements.md#durable-capture): netlify.toml's static
 * block plus the build's Content-Security-Policy in public/_headers, served through the Netlify
 * emulation; and the built pages run under that policy without a single violation.
 */
import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated } from "./support/hydrated";

const PAGES = [
  { path: "/", status: 200 },
  { path: "/about", status: 200 },
  { path: "/contact", status: 200 },
  { path: "/contact/thanks", status: 200 },
  { path: "/privacy", status: 200 },
  { path: "/no-such-page", status: 404 },
];

/** Collects CSP violations from the page's own event and from Chromium's console report. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text()))
      violations.push(message.text());
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void })
        .__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sample})`);
    });
  });
  return violations;
}

for (const { path, status } of PAGES) {
  test(`${path} carries the security headers and runs without CSP violations`, async ({ page }) => {
    const violations = await watchViolations(page);
    const response = path === "/no-such-page" ? await page.goto(path) : await gotoHydrated(page, path);
    expect(response?.status()).toBe(status);
    const headers = response!.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d{8,}/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-frame-options"]).toBe("DENY");
    // COOP would start each visit from a fresh tab in a new renderer (docs/decisions/0009-perf-coop.md).
    expect(headers["cross-origin-opener-policy"]).toBeUndefined();

    await page.waitForLoadState("networkidle");
    await page.mouse.wheel(0, 5000); // lazy images load too
    await page.waitForLoadState("networkidle");
    // The page's scripts really ran under the policy: every page's theme script and, on /contact,
    // Gatsby's (gotoHydrated waited for the form's hydration marker, which only React sets, and
    // React runs only after Gatsby's inline scripts have).
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    expect(violations).toEqual([]);
  });
}

test("a blocked inline script is reported, so the check above can fail", async ({ page }) => {
  const violations = await watchViolations(page);
  await gotoHydrated(page, "/about");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
  ).toBeUndefined();
});

test("the function's own answers carry security headers", async ({ request }) => {
  const response = await request.get("/api/send-contact-email");
  expect(response.status()).toBe(405);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response.headers()["strict-transport-security"]).toMatch(/max-age=/);
});
