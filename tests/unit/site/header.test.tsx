import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { Header } from "../../../src/components/layout/header";
import { siteSettings } from "./helpers/content";

/** The desktop nav and the mobile menu: jsdom applies no CSS, so both are in its tree. */
const mainNavs = () => screen.getAllByRole("navigation", { name: "Main" });

test.each([
  ["/", "Home"],
  ["/about", "About"],
  ["/about/", "About"],
  ["/contact", "Contact"],
])("on %s the %s link is highlighted and marked current", (pathname, label) => {
  render(<Header settings={siteSettings} pathname={pathname} />);
  expect(mainNavs()).toHaveLength(2);
  for (const nav of mainNavs()) {
    const current = within(nav).getByRole("link", { name: label });
    expect(current).toHaveAttribute("aria-current", "page");
    expect(current.className).toMatch(/underline/);
    const others = within(nav)
      .getAllByRole("link")
      .filter((link) => link !== current && ["Home", "About", "Contact"].includes(link.textContent));
    expect(others).toHaveLength(2);
    for (const link of others) {
      expect(link).not.toHaveAttribute("aria-current");
      expect(link.className).not.toMatch(/underline/);
    }
  }
});

test("no nav link is current on an unknown path", () => {
  render(<Header settings={siteSettings} pathname="/does-not-exist" />);
  for (const nav of mainNavs()) {
    expect(within(nav).queryByRole("link", { current: "page" })).not.toBeInTheDocument();
  }
});

test("logo links home and Request Demo links to /contact", () => {
  render(<Header settings={siteSettings} pathname="/" />);
  expect(screen.getByRole("link", { name: "Resources AI home" })).toHaveAttribute("href", "/");
  for (const link of screen.getAllByRole("link", { name: "Request Demo" })) {
    expect(link).toHaveAttribute("href", "/contact");
  }
});

test("the theme control is a plain select the head script drives, hidden without JavaScript", () => {
  render(<Header settings={siteSettings} pathname="/" />);
  const select = screen.getByRole("combobox", { name: "Theme" });
  expect(select).toHaveAttribute("id", "theme-select");
  expect(select).toHaveAttribute("autocomplete", "off");
  expect(select).toHaveValue("system");
  expect(select.closest("label")).toHaveAttribute("data-js-only");
  expect(select.closest("label")!.nextElementSibling!.tagName).toBe("SCRIPT");
});
