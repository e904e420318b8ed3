import * as React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import {
  ACTION_TOAST_DURATION_MS,
  DEMO_REQUEST_TOASTS,
  holdToast,
  loadToasts,
  showToast,
  SiteToaster,
  TOAST_DURATION_MS,
  type ToastMessage,
} from "../../../src/components/demo-request/site-toaster";
import { toast } from "sonner";
import { BookingLink } from "../../../src/components/demo-request/booking-link";

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

describe("a toast with the booking link", () => {
  const withLink = {
    ...DEMO_REQUEST_TOASTS.success,
    action: <BookingLink href="https://cal.com/acme/demo" />,
  };
  const shown = () => screen.queryByText("Request Submitted Successfully") !== null;
  const link = () => screen.getByRole("link", { name: "Book a time now" });
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

  test("stays 10 seconds, not the default 5", async () => {
    render(<SiteToaster />);
    await show(withLink);
    expect(ACTION_TOAST_DURATION_MS).toBe(10_000);
    advance(9900);
    expect(shown()).toBe(true);
    advance(1000);
    expect(shown()).toBe(false);
  });

  test("stays while the link has focus, then 10 seconds more", async () => {
    render(<SiteToaster />);
    await show(withLink);
    advance(3000);
    act(() => link().focus());
    advance(60_000);
    expect(shown()).toBe(true);
    act(() => link().blur());
    advance(9900);
    expect(shown()).toBe(true);
    advance(1000);
    expect(shown()).toBe(false);
  });

  test("stays while focus is on the toast itself, not only on the link", async () => {
    render(<SiteToaster />);
    await show(withLink);
    act(() => (link().closest("[data-sonner-toast]") as HTMLElement).focus());
    advance(60_000);
    expect(shown()).toBe(true);
  });

  test("closed while focused, it does not come back when focus is reported leaving later", async () => {
    render(<SiteToaster />);
    await show(withLink);
    act(() => link().focus());
    fireEvent.click(screen.getByRole("button", { name: "Close toast" }));
    advance(1000);
    // Browsers may report the focus leaving only after the toast has gone.
    act(() => holdToast(false));
    advance(0);
    expect(shown()).toBe(false);
  });

  test("stays while the pointer is over it", async () => {
    render(<SiteToaster />);
    await show(withLink);
    fireEvent.mouseEnter(document.querySelector("[data-sonner-toaster]")!);
    advance(60_000);
    expect(shown()).toBe(true);
  });

  test("focus on a toast without an action changes nothing", async () => {
    render(<SiteToaster />);
    await show(DEMO_REQUEST_TOASTS.success);
    act(() => holdToast(true));
    advance(6000);
    expect(shown()).toBe(false);
  });
});
