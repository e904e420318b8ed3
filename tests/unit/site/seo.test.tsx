import * as React from "react";
import { render } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import { Seo } from "../../../src/components/seo";
import { SITE_URL, siteSettingsQueryResult } from "./helpers/content";

beforeEach(() => jest.mocked(useStaticQuery).mockReturnValue(siteSettingsQueryResult));

const attr = (container: HTMLElement, selector: string, name: string) =>
  container.querySelector(selector)?.getAttribute(name);

test.each([
  ["/", `${SITE_URL}/`],
  ["/about", `${SITE_URL}/about`],
  ["/about/", `${SITE_URL}/about`],
])("on %s: title, description, canonical %s, Open Graph and Twitter tags", (pathname, canonical) => {
  const { container } = render(<Seo title="About us" description="Who we are." pathname={pathname} />);
  expect(container.querySelector("title")).toHaveTextContent("About us | Resources AI");
  expect(attr(container, 'meta[name="description"]', "content")).toBe("Who we are.");
  expect(attr(container, 'link[rel="canonical"]', "href")).toBe(canonical);
  expect(attr(container, 'meta[property="og:url"]', "content")).toBe(canonical);
  expect(attr(container, 'meta[property="og:title"]', "content")).toBe("About us | Resources AI");
  expect(attr(container, 'meta[property="og:description"]', "content")).toBe("Who we are.");
  expect(attr(container, 'meta[name="twitter:card"]', "content")).toBe("summary_large_image");
  expect(attr(container, 'meta[name="twitter:title"]', "content")).toBe("About us | Resources AI");
});
