/**
 * @jest-environment node
 *
 * /contact's blocking time (docs/requirements.md#performance-budget, docs/performance.md): the page's content
 * is one Suspense boundary in the server's HTML, so React hydrates it after the page's root, in steps that
 * yield to the browser, rather than in one task of the whole page. A boundary only counts when it is in the
 * HTML: React hydrates what the server sent, in the shape it was sent.
 */
import * as React from "react";
import { renderToString } from "react-dom/server";
import { useStaticQuery, type PageProps } from "gatsby";
import ContactPage from "../../../src/pages/contact";
import { siteSettingsQueryResult } from "./helpers/content";

beforeEach(() => {
  jest.mocked(useStaticQuery).mockReturnValue(siteSettingsQueryResult);
});

test("the contact page's HTML is one Suspense boundary holding the header, the form and the footer", () => {
  const html = renderToString(<ContactPage {...({ location: { pathname: "/contact" } } as PageProps)} />);
  // React marks a completed boundary with the comments <!--$--> and <!--/$-->.
  expect(html.startsWith("<!--$-->")).toBe(true);
  expect(html.endsWith("<!--/$-->")).toBe(true);
  expect(html.match(/<!--\$-->/g)).toHaveLength(1);
  for (const part of ["<header", 'id="main"', "<form", "<footer"]) expect(html).toContain(part);
});
