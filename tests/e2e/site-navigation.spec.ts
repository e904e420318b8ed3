import { expect, test, type Locator, type Page } from "@playwright/test";
import { consoleErrors } from "./support/console-errors";
import { gotoHydrated } from "./support/hydrated";

type Target = { from: string; link: (page: Page) => Locator; to: string; heading: string };

const contact = { to: "/contact", heading: "Request a Demo" };
const banner = (page: Page) => page.getByRole("banner");
const footer = (page: Page) => page.getByRole("contentinfo");
const main = (page: Page) => page.getByRole("main");

const ctas: (Target & { name: string })[] = [
  {
    name: "header Request Demo",
    from: "/",
    link: (p) => banner(p).getByRole("link", { name: "Request Demo" }),
    ...contact,
  },
  {
    name: "hero REQUEST A DEMO",
    from: "/",
    link: (p) => main(p).getByRole("link", { name: "REQUEST A DEMO" }).first(),
    ...contact,
  },
  {
    name: "SEE IT IN ACTION",
    from: "/",
    link: (p) => main(p).getByRole("link", { name: "See it in action" }),
    ...contact,
  },
  {
    name: "closing REQUEST A DEMO",
    from: "/",
    link: (p) => main(p).getByRole("link", { name: "REQUEST A DEMO" }).last(),
    ...contact,
  },
  {
    name: "footer Contact",
    from: "/about",
    link: (p) => footer(p).getByRole("link", { name: "Contact" }),
    ...contact,
  },
  {
    name: "footer Request Pilot",
    from: "/about",
    link: (p) => footer(p).getByRole("link", { name: "Request Pilot" }),
    ...contact,
  },
  {
    name: "nav Home",
    from: "/contact",
    link: (p) => banner(p).getByRole("link", { name: "Home", exact: true }),
    to: "/",
    heading: "The right answer from your site's documents, in seconds",
  },
  {
    name: "nav About",
    from: "/",
    link: (p) => banner(p).getByRole("link", { name: "About", exact: true }),
    to: "/about",
    heading: "About Resources AI",
  },
  {
    name: "nav Contact",
    from: "/about",
    link: (p) => banner(p).getByRole("link", { name: "Contact", exact: true }),
    ...contact,
  },
  {
    name: "header logo",
    from: "/about",
    link: (p) => banner(p).getByRole("link", { name: "Resources AI home" }),
    to: "/",
    heading: "The right answer from your site's documents, in seconds",
  },
  {
    name: "404 Return to Home",
    from: "/does-not-exist",
    link: (p) => main(p).getByRole("link", { name: "Return to Home" }),
    to: "/",
    heading: "The right answer from your site's documents, in seconds",
  },
];

for (const target of ctas) {
  test(`${target.name} on ${target.from} arrives at ${target.to}`, async ({ page }) => {
    const errors = consoleErrors(page);
    await gotoHydrated(page, target.from);
    await target.link(page).click();
    await expect(page).toHaveURL(new RegExp(`^[^?#]*://[^/]+${target.to === "/" ? "/?" : target.to}$`));
    await expect(page.getByRole("heading", { level: 1, name: target.heading, exact: true })).toBeVisible();
    // On the 404 page the browser reports the 404 status and the page logs the attempted path, on purpose.
    const expected = (text: string) =>
      target.from === "/does-not-exist" && /non-existent route|status of 404/.test(text);
    expect(errors.filter((text) => !expected(text))).toEqual([]);
  });
}

test("the current page's nav link is highlighted", async ({ page }) => {
  await gotoHydrated(page, "/about");
  const nav = banner(page).getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
});

test("Skip to content is the first focusable element and moves focus to main", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});
