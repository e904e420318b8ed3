/**
 * Content editing (docs/requirements.md#content-editing), locally: through /admin/ (decap-server +
 * gatsby develop, `npm run test:cms`) an editor changes a founder's biography and a value's
 * description, sees content/about.md change on disk and the About page update. The server runs in a
 * scratch copy of the project (playwright.cms.config.ts), so the edits land in the copy's
 * content/about.md and this checkout's content/ and public/ stay as they were. The screenshots feed
 * docs/editing.md. The collection notice and the privacy policy
 * (docs/requirements.md#personal-data) open in the editor with a preview, and a bad privacy address
 * is refused before it is saved.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import matter from "gray-matter";
import { loadSiteContent } from "../../build/load-content";
import type { AboutContent } from "../../src/lib/content/schemas";
import { cmsProjectCopy, projectRoot } from "./support/cms-project-copy";

const aboutFile = join(cmsProjectCopy(), "content", "about.md");
const privacyFile = join(cmsProjectCopy(), "content", "privacy.md");
// docs/editing.md's screenshots are refreshed only on request (UPDATE_DOCS_SCREENSHOTS=1), so a
// plain test run leaves the working tree clean.
const shots = process.env.UPDATE_DOCS_SCREENSHOTS
  ? join(projectRoot, "docs", "images")
  : join(projectRoot, "test-results", "cms-screenshots");

const stamp = Date.now().toString(36);
const newBio = `Daniel has spent over 15 years in oil and gas operations (edited in the CMS test ${stamp}).`;
const newValue = `Safety comes first in everything we build (edited in the CMS test ${stamp}).`;

async function logIn(page: Page) {
  await page.goto("/admin/");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Pages").first()).toBeVisible();
}

test("an editor changes a founder's bio and a value's description and sees them on the About page", async ({
  page,
}) => {
  await page.goto("/admin/");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: join(shots, "cms-login.png") });
  await logIn(page);
  await page.screenshot({ path: join(shots, "cms-collections.png") });

  await page.goto("/admin/#/collections/pages/entries/about");
  const bio = page.getByLabel("Biography").first();
  await expect(bio).toHaveValue(/Daniel has over 15 years/);
  await bio.fill(newBio);
  const description = page.getByLabel("Description", { exact: true }).first();
  await description.fill(newValue);

  // The preview pane renders the About page's own components with the edit.
  const preview = page.frameLocator("iframe").first();
  await expect(preview.locator("#founders-heading")).toHaveText("Our founders");
  // ...styled by the site's stylesheet (Tailwind's tracking-tight on section headings).
  await expect(preview.locator("#founders-heading")).toHaveCSS("letter-spacing", /^-/);
  await expect(preview.getByText(newBio)).toBeVisible();
  await expect(preview.getByText(newValue)).toBeVisible();
  await page.screenshot({ path: join(shots, "cms-about-editor.png") });

  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now").click();
  // The toast is short-lived; the top bar's button turning into "Published" is the lasting sign.
  await expect(page.getByRole("button", { name: "Published" })).toBeVisible();
  await page.screenshot({ path: join(shots, "cms-published.png") });

  // Decap rewraps long YAML lines, so compare the parsed frontmatter, as the build reads it.
  const saved = () => matter(readFileSync(aboutFile, "utf8")).data as AboutContent;
  await expect.poll(() => saved().founders[0].bio, { timeout: 30_000 }).toBe(newBio);
  expect(saved().values[0].description).toBe(newValue);
  expect(saved().founders[1].name).toBe("Priya Nair");

  await expect
    .poll(
      async () => {
        await page.goto("/about");
        return page.locator("main").innerText();
      },
      { timeout: 180_000, intervals: [2_000, 5_000, 10_000] },
    )
    .toContain(newBio);
  await expect(page.getByText(newValue)).toBeVisible();
});

test("the editor stops a value that breaks the build's rules before it is saved", async ({ page }) => {
  await logIn(page);
  await page.goto("/admin/#/collections/pages/entries/about");
  const bio = page.getByLabel("Biography").first();
  await expect(bio).toBeVisible();
  await bio.fill("x".repeat(501));
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now").click();
  await expect(page.getByText("Must be at most 500 characters").first()).toBeVisible();
  await page.screenshot({ path: join(shots, "cms-validation.png") });
  expect(readFileSync(aboutFile, "utf8")).not.toContain("x".repeat(501));
});

test("the collection notice and the privacy policy are editable, with a live preview", async ({ page }) => {
  const content = loadSiteContent(projectRoot);
  await logIn(page);
  await page.goto("/admin/#/collections/settings/entries/site");
  await expect(page.getByLabel("Link to the privacy policy")).toHaveValue(content.site.contact.notice.link);
  await expect(page.getByLabel("Notice text")).toHaveValue(content.site.contact.notice.text);

  await page.goto("/admin/#/collections/pages/entries/privacy");
  // Decap keeps the previous entry's (empty) editor when the address moves from one entry to
  // another; a fresh load opens the new one.
  await page.reload();
  const preview = page.frameLocator("iframe").first();
  await expect(preview.getByRole("heading", { level: 1, name: content.privacy.title })).toBeVisible();
  // The markdown body, rendered in the preview by the editor's own markdown renderer.
  await expect(preview.getByRole("heading", { level: 2, name: "How long we keep it" })).toBeVisible();
  await expect(preview.getByRole("link", { name: content.privacy.requests.email })).toBeVisible();

  const address = page.getByLabel("Privacy e-mail address");
  await expect(address).toHaveValue(content.privacy.requests.email);
  await address.fill("privacy at example.com");
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now").click();
  await expect(page.getByText(/Must be one e-mail address like name@example.com/).first()).toBeVisible();
  expect(readFileSync(privacyFile, "utf8")).toContain(content.privacy.requests.email);
});
