/**
 * The privacy page's component renders the title as the only h1, the last-updated
 * date readably, the markdown body it is given, and the privacy address as a mailto link.
 */
import * as React from "react";
import { render, screen } from "@testing-library/react";
import { formatDate, PrivacyPolicy } from "../../../src/components/privacy/privacy-policy";
import { content } from "./helpers/content";

const { privacy } = content;

function renderPolicy() {
  return render(
    <PrivacyPolicy title={privacy.title} lastUpdated={privacy.lastUpdated} requests={privacy.requests}>
      <div dangerouslySetInnerHTML={{ __html: "<h2>How long we keep it</h2><p>180 days.</p>" }} />
    </PrivacyPolicy>,
  );
}

test("title as the only h1, then the body's h2 sections and the requests section, in order", () => {
  renderPolicy();
  expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([privacy.title]);
  expect(screen.getAllByRole("heading").map((h) => [h.tagName, h.textContent])).toEqual([
    ["H1", privacy.title],
    ["H2", "How long we keep it"],
    ["H2", privacy.requests.heading],
  ]);
  expect(screen.getByRole("region", { name: privacy.requests.heading })).toHaveTextContent(
    privacy.requests.body,
  );
});

test("the privacy address is a mailto link", () => {
  renderPolicy();
  expect(screen.getByRole("link", { name: privacy.requests.email })).toHaveAttribute(
    "href",
    `mailto:${privacy.requests.email}`,
  );
});

test("the last-updated date is written out, with a machine-readable <time>", () => {
  renderPolicy();
  const time = document.querySelector("time")!;
  expect(time).toHaveAttribute("datetime", privacy.lastUpdated.date);
  expect(time.parentElement).toHaveTextContent(
    `${privacy.lastUpdated.label} ${formatDate(privacy.lastUpdated.date)}`,
  );
  expect(formatDate("2026-11-23")).toBe("23 November 2026");
  // Half-typed in the content editor: shown as typed, no crash.
  expect(formatDate("2026-1")).toBe("2026-1");
});
