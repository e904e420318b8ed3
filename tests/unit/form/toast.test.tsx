import * as React from "react";
import { act, render, screen } from "@testing-library/react";
import { SiteToaster } from "../../../src/components/demo-request/site-toaster";
import { toast } from "sonner";
import {
  DEMO_REQUEST_TOASTS,
  loadToasts,
  showToast,
  TOAST_DURATION_MS,
  type ToastMessage,
} from "../../../src/lib/toast";

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => {
    toast.dismiss();
    jest.runOnlyPendingTimers();
  });
  jest.useRealTimers();
});

/** Sonner loads (once per file), then renders a new toast on the next tick. */
async function show(message: ToastMessage) {
  await act(async () => {
    showToast(message);
    await loadToasts();
  });
  act(() => jest.advanceTimersByTime(0));
}

function toasts() {
  return document.querySelectorAll("[data-sonner-toast]");
}

test("variants: default, success and destructive", async () => {
  render(<SiteToaster />);
  await show({ title: "Plain news" });
  expect(screen.getByText("Plain news").closest("[data-sonner-toast]")).not.toHaveAttribute("data-type");
  await show(DEMO_REQUEST_TOASTS.success);
  expect(toasts()[0]).toHaveAttribute("data-type", "success");
  await show(DEMO_REQUEST_TOASTS.failure);
  expect(toasts()[0]).toHaveAttribute("data-type", "error");
});

test("one toast at a time: a new one replaces the old", async () => {
  render(<SiteToaster />);
  await show(DEMO_REQUEST_TOASTS.failure);
  await show(DEMO_REQUEST_TOASTS.success);
  expect(toasts()).toHaveLength(1);
  expect(screen.getByText("Request Submitted Successfully")).toBeInTheDocument();
  expect(screen.queryByText("Submission Failed")).toBeNull();
});

test("a toast is gone after 5 seconds, not before", async () => {
  render(<SiteToaster />);
  await show(DEMO_REQUEST_TOASTS.success);
  expect(TOAST_DURATION_MS).toBe(5000);
  act(() => jest.advanceTimersByTime(4900));
  expect(screen.getByText("Request Submitted Successfully")).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.queryByText("Request Submitted Successfully")).toBeNull();
});

test("toasts are announced through a polite live region", async () => {
  render(<SiteToaster />);
  await show(DEMO_REQUEST_TOASTS.success);
  const region = screen.getByText("Request Submitted Successfully").closest("[aria-live]");
  expect(region).toHaveAttribute("aria-live", "polite");
});

test("follows the dark class on <html>", async () => {
  render(<SiteToaster />);
  await show({ title: "Theme" });
  const toaster = () => document.querySelector("[data-sonner-toaster]");
  expect(toaster()).toHaveAttribute("data-sonner-theme", "light");
  await act(async () => document.documentElement.classList.add("dark"));
  expect(toaster()).toHaveAttribute("data-sonner-theme", "dark");
  await act(async () => document.documentElement.classList.remove("dark"));
});
