/**
 * Personal data (docs/requirements.md#personal-data) as the visitor sees it, against `npm start`:
 * the collection notice stands in the Request a Demo form before Submit at 375 and 1280 px (and
 * without JavaScript) and links to /privacy; /privacy renders in the shared layout with its
 * markdown body, headings in order, and is reachable from the footer. axe scans of /privacy are in
 * a11y-matrix.spec.ts, its head tags and sitemap entry in seo-head.spec.ts.
 */
import { expect, test, type Page } from "@playwright/test";
import { loadSiteContent } from "../../build/load-content";
import { gotoHydrated } from "./support/hydrated";

const content = loadSiteContent(process.cwd());
const { notice } = content.site.contact;
const { privacy } = content;

const noticeOf = (page: Page) => page.locator("form p").filter({ hasText: notice.text });
const submitOf = (page: Page) => page.getByRole("button", { name: "Submit" });

async function expectPrivacyPage(page: Page) {
  await expect(page).toHaveURL(/\/privacy\/?$/);
  await expect(page.getByRole("heading", { level: 1, name: privacy.title, exact: true })).toBeVisible();
}

for (const width of [375, 1280]) {
  test(`at ${width} px the notice is visible above Submit and its link opens /privacy`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/contact");
    const noticeText = noticeOf(page);
    await noticeText.scrollIntoViewIfNeeded();
    await expect(noticeText).toBeVisible();
    await expect(noticeText).toContainText(notice.link);

    // Read before the button: above it on screen, and before it in the form's reading order.
    const noticeBox = (await noticeText.boundingBox())!;
    const submitBox = (await submitOf(page).boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(submitBox.y);
    const noticeFirst = await noticeText.evaluate(
      (el, button) => (el.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      await submitOf(page).elementHandle(),
    );
    expect(noticeFirst).toBe(true);

    const link = noticeText.getByRole("link", { name: notice.link });
    await expect(link).toHaveAttribute("href", "/privacy");
    await link.click();
    await expectPrivacyPage(page);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form shows the notice before Submit, linking to /privacy", async ({ page }) => {
    await page.goto("/contact");
    await expect(noticeOf(page)).toBeVisible();
    await expect(noticeOf(page).getByRole("link", { name: notice.link })).toHaveAttribute("href", "/privacy");
    await expect(submitOf(page)).toBeVisible();
  });
});

test("/privacy renders in the layout with its markdown body and headings in order", async ({ page }) => {
  const response = await gotoHydrated(page, "/privacy");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(content.site.footer.rights);
  await expect(page).toHaveTitle(`${privacy.seo.title} | ${content.site.siteName}`);

  const main = page.getByRole("main");
  // Rendered from the markdown body: its sections are h2 headings, its lists real lists.
  for (const heading of privacy.body.matchAll(/^## (.+)$/gm)) {
    await expect(main.getByRole("heading", { level: 2, name: heading[1], exact: true })).toBeVisible();
  }
  await expect(main.getByRole("listitem").first()).toBeVisible();
  await expect(main).toContainText("180 days");
  await expect(main.getByRole("link", { name: privacy.requests.email })).toHaveAttribute(
    "href",
    `mailto:${privacy.requests.email}`,
  );

  const levels = await page
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.slice(1).forEach((level, i) => expect(level, `heading ${i + 2}`).toBeLessThanOrEqual(levels[i] + 1));
});

for (const from of ["/", "/contact"]) {
  test(`/privacy is reachable from the footer on ${from}`, async ({ page }) => {
    await gotoHydrated(page, from);
    await page.getByRole("contentinfo").getByRole("link", { name: content.site.footer.privacy }).click();
    await expectPrivacyPage(page);
  });
}
