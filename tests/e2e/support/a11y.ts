import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Rule sets checked by every scan: WCAG 2.0, 2.1 and 2.2 at levels A and AA (contrast included). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The widths docs/requirements.md#accessibility-search-and-the-form-without-javascript names:
 * phone, tablet, desktop (CSS pixels).
 */
export const WIDTHS = [375, 768, 1280] as const;

/**
 * Runs axe on the page as it is and fails listing each violation (rule id, impact, selectors),
 * whatever its impact. `label` names the page state in the failure message.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, label).toEqual([]);
}

/**
 * Describes how the focused element shows focus: true when it has a non-none outline of
 * non-zero width or a box-shadow ring. Returns the element's tag and name for messages.
 */
export async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { visible: false, element: "body" };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
    return { visible: outline || ring, element: `${el.tagName.toLowerCase()} "${name}"` };
  });
}

/** Asserts the focused element shows a visible focus indicator (WCAG 2.4.7). */
export async function expectVisibleFocus(page: Page) {
  const focus = await focusIndicator(page);
  expect(focus.visible, `focus indicator on ${focus.element}`).toBe(true);
}
