import { expect, test } from "@playwright/test";
import { consoleErrors } from "./support/console-errors";

const routes = [
  { path: "/", status: 200, heading: "The right answer from your site's documents, in seconds" },
  { path: "/about", status: 200, heading: "About Resources AI" },
  { path: "/contact", status: 200, heading: "Request a Demo" },
  { path: "/privacy", status: 200, heading: "Privacy policy" },
  { path: "/does-not-exist", status: 404, heading: "404" },
];

for (const route of routes) {
  test(`${route.path} answers ${route.status} with its heading`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(route.status);
    await expect(page.getByRole("heading", { level: 1, name: route.heading, exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("© 2025 Resources AI. All rights reserved.");
  });
}

test("the 404 page shows its texts and logs the attempted path", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto("/does-not-exist");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect.poll(() => errors.some((text) => text.includes("/does-not-exist"))).toBe(true);
});

test("each page sets title, description, canonical, Open Graph and Twitter tags", async ({ page }) => {
  await page.goto("/about");
  await expect(page).toHaveTitle("About us | Resources AI");
  const head = page.locator("head");
  await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /founders/);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\/[^/]+\/about$/);
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "About us | Resources AI",
  );
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
});

test("home shows the benefits, the Technical Co-Pilot screenshot and the claims as the spec words them", async ({
  page,
}) => {
  await page.goto("/");
  for (const title of ["Improve Decisions", "Enhance Productivity & Safety", "Unlock Revenue"]) {
    await expect(page.getByRole("heading", { level: 3, name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Technical Co-Pilot", exact: true })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText("exact procedure, compliance clause or engineering drawing");
  await expect(main).toContainText("Average response under 30 seconds");
  await expect(main).toContainText("1.5 to 5 hours saved per worker per week");
  await expect(main).toContainText("100-person site");
  await expect(main).toContainText("An estimated A$250k to A$1.25m of value reclaimed per site per year");

  const screenshot = page.getByRole("img", { name: /Technical Co-Pilot answering a question/ });
  await screenshot.scrollIntoViewIfNeeded();
  await expect(screenshot).toBeVisible();
  await expect
    .poll(() => screenshot.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\.(avif|webp)$/);
  await expect(page.locator("picture source[type='image/avif']")).toHaveCount(1);
});

test("about shows two founders, the vision and the six values in order", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Our vision" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText("over 15 years in oil and gas operations, major projects and strategy");
  await expect(main).toContainText("former corporate lawyer");
  const values = page.getByRole("region", { name: "Our values" }).getByRole("heading", { level: 3 });
  await expect(values).toHaveText([
    "Safety by Design",
    "People First Always",
    "Built on Trust",
    "Radical Simplicity",
    "Partnership Over Transaction",
    "Future Shaping",
  ]);
});
