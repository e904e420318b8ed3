/**
 * docs/requirements.md#personal-data: the footer links to the privacy page, beside the rights line, and keeps
 * the spec's 'Talk to us' group (Contact, Request Pilot) exactly as it is.
 */
import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { Footer } from "../../../src/components/layout/footer";
import { silenceConsole } from "../../helpers/console";
import { siteSettings } from "./helpers/content";

test("the footer links to /privacy with the label from content; 'Talk to us' is unchanged", () => {
  render(<Footer settings={siteSettings} />);
  const footer = screen.getByRole("contentinfo");
  const link = within(footer).getByRole("link", { name: siteSettings.footer.privacy });
  expect(link).toHaveAttribute("href", "/privacy");
  expect(link.parentElement).toContainElement(within(footer).getByText(siteSettings.footer.rights));

  const group = screen.getByRole("navigation", { name: "Talk to us" });
  expect(group).not.toContainElement(link);
  const links = within(group).getAllByRole("link");
  expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
    ["Contact", "/contact"],
    ["Request Pilot", "/contact"],
  ]);
});

test("an editor may give both 'Talk to us' links one text: both show, and React has no key clash", () => {
  const errors = silenceConsole("error");
  const settings = {
    ...siteSettings,
    cta: { ...siteSettings.cta, requestPilot: siteSettings.footer.contact },
  };
  render(<Footer settings={settings} />);
  const group = screen.getByRole("navigation", { name: "Talk to us" });
  expect(within(group).getAllByRole("link", { name: "Contact" })).toHaveLength(2);
  expect(errors.lines()).toEqual([]);
});
