/**
 * A toast due before sonner has loaded (docs/decisions/0016-contact-first-load.md): the toaster mounts sonner's
 * region first, so the toast never depends on sonner replaying toasts raised before its region existed.
 * A file of its own, because sonner, once loaded, stays loaded for the rest of a test file.
 */
import * as React from "react";
import { render, screen } from "@testing-library/react";
import {
  DEMO_REQUEST_TOASTS,
  showToast,
  SiteToaster,
} from "../../../src/components/demo-request/site-toaster";

const mockRegionWhenShown: boolean[] = [];
jest.mock("sonner", () => {
  const actual = jest.requireActual<typeof import("sonner")>("sonner");
  const original = actual.toast.success;
  const success: typeof original = (...args) => {
    const region = globalThis.document.querySelector('section[aria-label^="Notifications"]');
    mockRegionWhenShown.push(region !== null);
    return original(...args);
  };
  return { ...actual, toast: Object.assign(actual.toast, { success }) };
});

test("the first toast, due before sonner loads, is shown into a region already mounted", async () => {
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  render(<SiteToaster />);
  // As in the browser: the toast comes from a submit's answer, outside React's test batching.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  try {
    showToast(DEMO_REQUEST_TOASTS.success);
    expect(await screen.findByText(DEMO_REQUEST_TOASTS.success.title)).toBeInTheDocument();
    expect(mockRegionWhenShown).toEqual([true]);
  } finally {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
});
