/**
 * Live previews (docs/requirements.md#content-editing): the home and about preview templates
 * render the site's own section components from the entry being edited, and a half-filled entry
 * does not blank the preview. The privacy preview renders the privacy page's component with Decap's markdown
 * preview.
 */
import { join } from "node:path";
import * as React from "react";
import { render, screen } from "@testing-library/react";
import {
  AboutPreview,
  HomePreview,
  PrivacyPreview,
  type PreviewEntry,
} from "../../../src/cms/preview/previews";
import { loadSiteContent } from "../../../build/load-content";

const content = loadSiteContent(join(__dirname, "..", "..", ".."));

/** The slice of Decap's Immutable entry the templates use. */
function entry(data: unknown): PreviewEntry {
  return { getIn: (path) => (path[0] === "data" ? { toJS: () => data } : undefined) };
}

test("the about preview shows the edited bio and value with the page's headings", () => {
  const about = JSON.parse(JSON.stringify(content.about)) as typeof content.about;
  about.founders[0].bio = "A bio typed a moment ago.";
  about.values[5].description = "A value description typed a moment ago.";
  render(<AboutPreview entry={entry(about)} />);
  expect(screen.getByRole("heading", { level: 2, name: about.foundersHeading })).toBeInTheDocument();
  expect(screen.getByText("A bio typed a moment ago.")).toBeInTheDocument();
  expect(screen.getByText("A value description typed a moment ago.")).toBeInTheDocument();
  expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(
    expect.arrayContaining(["Priya Nair", "Future Shaping"]),
  );
});

test("the home preview shows hero, benefits, Co-Pilot screenshot from the editor's asset URL, claims", () => {
  const getAsset = jest.fn((path: string) => ({ toString: () => `blob:preview/${path}` }));
  render(<HomePreview entry={entry(content.home)} getAsset={getAsset} />);
  expect(screen.getByRole("heading", { level: 1, name: content.home.hero.headline })).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Unlock Revenue" })).toBeInTheDocument();
  expect(getAsset).toHaveBeenCalledWith("images/copilot-screenshot.png");
  const image = screen.getByAltText(content.home.copilot.screenshot.alt);
  expect(image.getAttribute("src") ?? image.getAttribute("data-src")).toBe(
    "blob:preview/images/copilot-screenshot.png",
  );
  expect(screen.getByText(content.home.claims[1].text)).toBeInTheDocument();
  expect(screen.getAllByRole("link", { name: "REQUEST A DEMO" })).toHaveLength(2);
});

test("a half-filled entry previews what it can instead of failing as a whole", () => {
  render(
    <HomePreview
      entry={entry({ hero: { headline: "Only a headline so far" } })}
      getAsset={() => undefined}
    />,
  );
  expect(screen.getByRole("heading", { level: 1, name: "Only a headline so far" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Technical Co-Pilot" })).toBeInTheDocument();
  expect(screen.queryByRole("img")).not.toBeInTheDocument();
});

test("an empty entry (still loading) renders without throwing", () => {
  const empty: PreviewEntry = { getIn: () => undefined };
  render(<AboutPreview entry={empty} />);
  expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(3);
});

test("the privacy preview shows the edited heading, the markdown body Decap renders and the address", () => {
  const privacy = { ...content.privacy, title: "Privacy, edited a moment ago" };
  const widgetFor = jest.fn((name: string) => <h2>{`rendered ${name}`}</h2>);
  render(<PrivacyPreview entry={entry(privacy)} widgetFor={widgetFor} />);
  expect(screen.getByRole("heading", { level: 1, name: "Privacy, edited a moment ago" })).toBeInTheDocument();
  expect(widgetFor).toHaveBeenCalledWith("body");
  expect(screen.getByRole("heading", { level: 2, name: "rendered body" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: content.privacy.requests.email })).toBeInTheDocument();
});

test("an empty privacy entry (still loading) renders without throwing", () => {
  render(<PrivacyPreview entry={{ getIn: () => undefined }} widgetFor={() => null} />);
  expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
});
