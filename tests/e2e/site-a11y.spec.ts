import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support/hydrated";

// WCAG 2 A/AA, colour contrast included, in both themes.
for (const theme of ["light", "dark"] as const) {
  for (const path of ["/", "/about", "/contact", "/does-not-exist"]) {
    test(`${path} has no WCAG AA violations in the ${theme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await gotoHydrated(page, path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
      expect(summary).toEqual([]);
    });
  }
}
