import * as React from "react";
import { render, screen } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import type { PageProps } from "gatsby";
import NotFoundPage from "../../../src/pages/404";
import { siteSettingsQueryResult } from "./helpers/content";
import { runInlineScript } from "../../helpers/run-inline-script";
import { silenceConsole } from "../../helpers/console";

beforeEach(() => {
  jest.mocked(useStaticQuery).mockReturnValue(siteSettingsQueryResult);
});

afterEach(() => window.history.replaceState(null, "", "/"));

test("renders the 404 texts", () => {
  const props = { location: { pathname: "/does-not-exist" } } as PageProps;
  render(<NotFoundPage {...props} />);

  expect(screen.getByRole("heading", { level: 1, name: "404" })).toBeInTheDocument();
  expect(screen.getByText("Oops! Page not found")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
});

test("its inline script logs the path the browser asked for (the page loads no other script)", () => {
  const props = { location: { pathname: "/404.html" } } as PageProps;
  const { container } = render(<NotFoundPage {...props} />);
  const scripts = container.querySelectorAll("main script");
  expect(scripts).toHaveLength(1);

  // Netlify serves 404.html at the mistyped URL: the logged path is the browser's, not the file's.
  window.history.replaceState(null, "", "/does-not-exist");
  const consoleError = silenceConsole("error");
  runInlineScript(scripts[0].textContent ?? "");
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(consoleError.mock.calls[0]).toEqual([
    "404 Error: User attempted to access non-existent route:",
    "/does-not-exist",
  ]);
});
