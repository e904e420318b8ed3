/**
 * Destructive toasts are announced assertively
 * (docs/requirements.md#accessibility-search-and-the-form-without-javascript): the hidden role="alert" region
 * repeats the failure toast's text, and any other toast empties it.
 */
import * as React from "react";
import { act, render, screen } from "@testing-library/react";
import {
  AssertiveAnnouncer,
  DEMO_REQUEST_TOASTS,
  showToast,
} from "../../../src/components/demo-request/site-toaster";

const FAILURE_TEXT = "Submission Failed. There was an error submitting your request. Please try again.";

test("a destructive toast puts its title and text into the alert region", () => {
  render(<AssertiveAnnouncer />);
  expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  act(() => showToast(DEMO_REQUEST_TOASTS.failure));
  expect(screen.getByRole("alert")).toHaveTextContent(FAILURE_TEXT);
});

test("a repeated failure inserts a new node, so it is announced again", () => {
  render(<AssertiveAnnouncer />);
  act(() => showToast(DEMO_REQUEST_TOASTS.failure));
  const first = screen.getByText(FAILURE_TEXT);
  act(() => showToast(DEMO_REQUEST_TOASTS.failure));
  const second = screen.getByText(FAILURE_TEXT);
  expect(second).not.toBe(first);
});

test("success and default toasts are not announced assertively and clear a failure", () => {
  render(<AssertiveAnnouncer />);
  act(() => showToast(DEMO_REQUEST_TOASTS.failure));
  act(() => showToast(DEMO_REQUEST_TOASTS.success));
  expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  act(() => showToast({ title: "Plain news" }));
  expect(screen.getByRole("alert")).toBeEmptyDOMElement();
});

test("unmounting unsubscribes", () => {
  const { unmount } = render(<AssertiveAnnouncer />);
  unmount();
  expect(() => showToast(DEMO_REQUEST_TOASTS.failure)).not.toThrow();
});
