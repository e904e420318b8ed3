/**
 * The privacy page names HubSpot only when the build sends leads to it (docs/decisions/0049-hubspot-plugin.md):
 * with content/privacy-hubspot.md sourced (HUBSPOT_ACCESS_TOKEN set at build) a section after the body names
 * HubSpot, Inc., what it receives, its retention and erasure; without it nothing on the page mentions HubSpot.
 */
import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { useStaticQuery, type PageProps } from "gatsby";
import PrivacyPage from "../../../src/pages/privacy";
import { content, siteSettingsQueryResult } from "./helpers/content";

const { privacy, privacyHubspot } = content;
const BODY = "<h2>How long we keep it</h2><p>180 days.</p>";

/** The page's static queries answered as a build would, with or without the HubSpot section sourced. */
function renderPage(hubspotSection: { html: string; frontmatter: { title: string } } | null) {
  const { body: _body, ...frontmatter } = privacy;
  jest.mocked(useStaticQuery).mockReturnValue({
    ...siteSettingsQueryResult,
    privacyPage: { ...frontmatter, body: { html: BODY } },
    hubspotSection,
  });
  render(<PrivacyPage {...({ location: { pathname: "/privacy" } } as PageProps)} />);
}

test("without HUBSPOT_ACCESS_TOKEN at build, nothing on the page mentions HubSpot", () => {
  renderPage(null);
  expect(
    within(screen.getByRole("main"))
      .getAllByRole("heading", { level: 2 })
      .map((h) => h.textContent),
  ).toEqual(["How long we keep it", privacy.requests.heading]);
  expect(document.body.textContent).not.toMatch(/hubspot/i);
});

test("with it, a section after the body names HubSpot, Inc. as a processor, before the requests section", () => {
  renderPage({ html: `<p>${privacyHubspot.body}</p>`, frontmatter: { title: privacyHubspot.title } });
  expect(
    within(screen.getByRole("main"))
      .getAllByRole("heading", { level: 2 })
      .map((h) => h.textContent),
  ).toEqual(["How long we keep it", privacyHubspot.title, privacy.requests.heading]);
  const section = screen.getByRole("region", { name: privacyHubspot.title });
  expect(section).toHaveTextContent("HubSpot, Inc.");
  expect(section).toHaveTextContent("on our behalf and only on our instructions");
  expect(section).toHaveTextContent("not for the 180 days");
});
