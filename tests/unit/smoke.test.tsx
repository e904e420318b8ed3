import * as React from "react";
import { render, screen } from "@testing-library/react";
import NotFoundPage from "../../src/pages/404";

test("renders", () => {
  render(<NotFoundPage />);
  expect(screen.getByRole("heading", { name: "404" })).toBeInTheDocument();
});
