import * as React from "react";
import { render, screen } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import type { PageProps } from "gatsby";
import NotFoundPage from "../../../src/pages/404";
import { siteSettingsQueryResult } from "./helpers/content";
import { installMatchMedia } from "./helpers/match-media";

beforeEach(() => {
  installMatchMedia();
  jest.mocked(useStaticQuery).mockReturnValue(siteSettingsQueryResult);
});

test("renders the 404 texts and logs the attempted path", () => {
  const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
  const props = { location: { pathname: "/does-not-exist" } } as PageProps;
  render(<NotFoundPage {...props} />);

  expect(screen.getByRole("heading", { level: 1, name: "404" })).toBeInTheDocument();
  expect(screen.getByText("Oops! Page not found")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(consoleError.mock.calls[0]).toContain("/does-not-exist");
});
