/**
 * Sonner is not part of /contact's first load (docs/decisions/0016-contact-first-load.md): the toaster
 * renders nothing and sonner is not loaded until the visitor first focuses or taps something on the page, or
 * a toast is due. Separate files, because sonner, once loaded, stays loaded for the rest of a test file.
 */
import * as React from "react";
import { act, render, waitFor } from "@testing-library/react";
import { loadedToasts, SiteToaster } from "../../../src/components/demo-request/site-toaster";

const liveRegion = () => document.querySelector('[aria-live="polite"]');

test("nothing of sonner until the first interaction, then its polite live region", async () => {
  render(<SiteToaster />);
  expect(loadedToasts()).toBeUndefined();
  expect(liveRegion()).toBeNull();

  const link = document.body.appendChild(document.createElement("a"));
  link.href = "/";
  act(() => link.focus());
  await waitFor(() => expect(liveRegion()).not.toBeNull());
  expect(loadedToasts()).toBeDefined();
});
