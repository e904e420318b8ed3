import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MobileMenu } from "../../../src/components/layout/mobile-menu";
import { siteSettings } from "./helpers/content";

// jsdom cannot navigate; the Link mock renders a real <a>, so stop the default and keep the click handlers.
const preventNavigation = (event: MouseEvent) => event.preventDefault();
beforeEach(() => document.addEventListener("click", preventNavigation));
afterEach(() => document.removeEventListener("click", preventNavigation));

function setup() {
  const user = userEvent.setup();
  render(<MobileMenu settings={siteSettings} pathname="/about" />);
  const button = screen.getByRole("button", { name: "Open menu" });
  return { user, button };
}

const menu = () => screen.queryByRole("navigation", { name: "Main" });

test("the menu button toggles the menu and its state", async () => {
  const { user, button } = setup();
  expect(button).toHaveAttribute("aria-expanded", "false");
  expect(button).toHaveAttribute("aria-controls", "mobile-menu");
  expect(menu()).not.toBeInTheDocument();

  await user.click(button);
  expect(button).toHaveAttribute("aria-expanded", "true");
  expect(button).toHaveAccessibleName("Close menu");
  const nav = menu();
  expect(nav).toHaveAttribute("id", "mobile-menu");
  for (const name of ["Home", "About", "Contact"]) {
    expect(within(nav!).getByRole("link", { name })).toBeInTheDocument();
  }
  expect(within(nav!).getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
  expect(within(nav!).getByRole("link", { name: "Request Demo" })).toHaveAttribute("href", "/contact");
  expect(within(nav!).getByRole("link", { name: "Start Pilot" })).toHaveAttribute("href", "/contact");

  await user.click(button);
  expect(button).toHaveAttribute("aria-expanded", "false");
  expect(menu()).not.toBeInTheDocument();
});

test.each(["Home", "Start Pilot"])("tapping %s closes the menu", async (name) => {
  const { user, button } = setup();
  await user.click(button);
  await user.click(within(menu()!).getByRole("link", { name }));
  expect(button).toHaveAttribute("aria-expanded", "false");
  expect(menu()).not.toBeInTheDocument();
});

test("Escape closes the menu and returns focus to the button", async () => {
  const { user, button } = setup();
  await user.click(button);
  await user.tab();
  expect(button).not.toHaveFocus();
  await user.keyboard("{Escape}");
  expect(button).toHaveAttribute("aria-expanded", "false");
  expect(menu()).not.toBeInTheDocument();
  expect(button).toHaveFocus();
});
