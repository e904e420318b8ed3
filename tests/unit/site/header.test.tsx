import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { Header } from "../../../src/components/layout/header";
import { siteSettings } from "./helpers/content";
import { installMatchMedia } from "./helpers/match-media";

beforeEach(() => installMatchMedia());

function mainNav() {
  // jsdom applies no CSS, so the desktop nav and the (hidden) mobile menu differ only by `hidden`.
  return screen.getByRole("navigation", { name: "Main" });
}

test.each([
  ["/", "Home"],
  ["/about", "About"],
  ["/about/", "About"],
  ["/contact", "Contact"],
])("on %s the %s link is highlighted and marked current", (pathname, label) => {
  render(<Header settings={siteSettings} pathname={pathname} />);
  const nav = mainNav();
  const current = within(nav).getByRole("link", { name: label });
  expect(current).toHaveAttribute("aria-current", "page");
  expect(current.className).toMatch(/underline/);
  const others = within(nav)
    .getAllByRole("link")
    .filter((link) => link !== current);
  expect(others).toHaveLength(2);
  for (const link of others) {
    expect(link).not.toHaveAttribute("aria-current");
    expect(link.className).not.toMatch(/underline/);
  }
});

test("no nav link is current on an unknown path", () => {
  render(<Header settings={siteSettings} pathname="/does-not-exist" />);
  expect(within(mainNav()).queryByRole("link", { current: "page" })).not.toBeInTheDocument();
});

test("logo links home and Request Demo links to /contact", () => {
  render(<Header settings={siteSettings} pathname="/" />);
  expect(screen.getByRole("link", { name: "Resources AI home" })).toHaveAttribute("href", "/");
  expect(screen.getByRole("link", { name: "Request Demo" })).toHaveAttribute("href", "/contact");
});
