import type { Page } from "@playwright/test";

/**
 * A state of the element `selector` as Chromium exposes it to assistive technology (its
 * accessibility tree, through the DevTools protocol), e.g. "expanded" for a popover's button,
 * which the browser sets itself with no aria-expanded attribute
 * (docs/decisions/0015-controls-without-framework.md).
 * @returns the property's value, or undefined when the browser does not expose it
 */
export async function accessibleState(page: Page, selector: string, property: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    return nodes[0]?.properties?.find((p) => p.name === property)?.value.value as unknown;
  } finally {
    await cdp.detach();
  }
}
