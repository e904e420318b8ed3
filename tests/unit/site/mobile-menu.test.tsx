/**
 * The mobile menu is a native popover (docs/decisions/0015-controls-without-framework.md): the markup ties
 * the button to the menu, the browser does the opening, closing and focus (tests/e2e/site-mobile-menu.spec.ts
 * checks that in Chromium, with and without JavaScript), and the menu's script closes it when the page is
 * left.
 */
import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { MENU_ID, MobileMenu, MobileMenuButton } from "../../../src/components/layout/mobile-menu";
import { siteSettings } from "./helpers/content";
import { runInlineScript } from "../../helpers/run-inline-script";

function setup() {
  const { container } = render(
    <header className="group">
      <MobileMenuButton labels={siteSettings.nav} />
      <MobileMenu settings={siteSettings} pathname="/about" />
    </header>,
  );
  return { container, button: screen.getByRole("button"), menu: document.getElementById(MENU_ID)! };
}

test("the button opens the menu as a popover, with no script", () => {
  const { button, menu } = setup();
  expect(button).toHaveAttribute("type", "button");
  expect(button).toHaveAttribute("popovertarget", MENU_ID);
  // The button names the menu it controls (docs/requirements.md#site-content-and-local-server). Its expanded
  // state comes from the browser, which follows the popover; an aria-expanded attribute would go stale
  // without a script.
  expect(button).toHaveAttribute("aria-controls", MENU_ID);
  expect(button).not.toHaveAttribute("aria-expanded");
  expect(menu).toHaveAttribute("popover", "auto");
  expect(menu.tagName).toBe("NAV");
  expect(menu).toHaveAccessibleName("Main");
});

test("the button's name is 'Open menu', and 'Close menu' only while the menu is open (CSS)", () => {
  const { button } = setup();
  const [openLabel, closeLabel] = button.querySelectorAll(":scope > span");
  expect(openLabel).toHaveTextContent("Open menu");
  expect(openLabel).toHaveClass("group-has-[:popover-open]:hidden");
  expect(closeLabel).toHaveTextContent("Close menu");
  expect(closeLabel).toHaveClass("hidden", "group-has-[:popover-open]:inline");
});

test("the menu holds Home, About (current), Contact, Request Demo and Start Pilot as plain links", () => {
  const { menu } = setup();
  const links = within(menu).getAllByRole("link");
  expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
    ["Home", "/"],
    ["About", "/about"],
    ["Contact", "/contact"],
    ["Request Demo", "/contact"],
    ["Start Pilot", "/contact"],
  ]);
  expect(within(menu).getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
});

test("the menu's script closes it when the page is left, so the back/forward cache cannot keep it open", () => {
  const { container, menu } = setup();
  const script = container.querySelector("script");
  expect(script).not.toBeNull();
  const hidePopover = jest.fn();
  Object.assign(menu, { hidePopover });
  runInlineScript(script?.textContent ?? "");
  window.dispatchEvent(new Event("pagehide"));
  expect(hidePopover).toHaveBeenCalled();
});

test("where popovers are missing, the script does not throw", () => {
  const { container } = setup();
  runInlineScript(container.querySelector("script")?.textContent ?? "");
  expect(() => window.dispatchEvent(new Event("pagehide"))).not.toThrow();
});
