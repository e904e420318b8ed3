import * as React from "react";
import { render, screen } from "@testing-library/react";
import { ErrorBoundary, wrapPageElement } from "../../../src/components/error-boundary";
import { silenceConsole } from "../../helpers/console";

function Broken(): React.ReactElement {
  throw new Error("Cannot read the turbine schedule");
}

test("a render error shows the fallback title and the error message", () => {
  const consoleError = silenceConsole("error");
  render(
    <ErrorBoundary>
      <Broken />
    </ErrorBoundary>,
  );
  expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
  expect(screen.getByText("Cannot read the turbine schedule")).toBeInTheDocument();
  expect(consoleError).toHaveBeenCalled();
  expect(consoleError.text()).toContain("Cannot read the turbine schedule");
});

test("renders its children when nothing throws", () => {
  render(
    <ErrorBoundary>
      <p>All good</p>
    </ErrorBoundary>,
  );
  expect(screen.getByText("All good")).toBeInTheDocument();
  expect(screen.queryByText("Unexpected Application Error!")).not.toBeInTheDocument();
});

test("wrapPageElement puts every page inside the error boundary", () => {
  const consoleError = silenceConsole("error");
  render(wrapPageElement({ element: <Broken /> }));
  expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
  expect(screen.getByText("Cannot read the turbine schedule")).toBeInTheDocument();
  expect(consoleError).toHaveBeenCalled();
  expect(consoleError.text()).toContain("Cannot read the turbine schedule");
});
