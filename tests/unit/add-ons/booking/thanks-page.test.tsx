import * as React from "react";
import { render, screen } from "@testing-library/react";
import { useStaticQuery, type PageProps } from "gatsby";
import ContactThanksPage from "../../../../src/pages/contact/thanks";
import { DEMO_REQUEST_TOASTS } from "../../../../src/components/demo-request/site-toaster";
import { siteSettingsQueryResult } from "../../site/helpers/content";
import { installMatchMedia } from "../../site/helpers/match-media";

// Where the no-JS form lands after a received demo request
// (docs/requirements.md#accessibility-search-and-the-form-without-javascript): the success toast's texts.
beforeEach(() => {
  installMatchMedia();
  jest.mocked(useStaticQuery).mockReturnValue(siteSettingsQueryResult);
});

test("the thanks page shows the spec's success title and 24-hour promise", () => {
  render(<ContactThanksPage {...({ location: { pathname: "/contact/thanks" } } as PageProps)} />);
  expect(
    screen.getByRole("heading", { level: 1, name: DEMO_REQUEST_TOASTS.success.title }),
  ).toBeInTheDocument();
  expect(screen.getByText(DEMO_REQUEST_TOASTS.success.description)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
});
