/**
 * The demo request's toasts as a visitor sees them and assistive technology hears them, found by
 * role and name rather than by the toast library's own attributes. Sonner renders its toaster as
 * a polite live region, `<section aria-label="Notifications alt+T" aria-live="polite">`, whose
 * `<ol>` holds one `<li>` per toast (node_modules/sonner/dist/index.mjs); the site shows one
 * toast at a time and repeats a destructive one in an assertive region of its own
 * (src/components/demo-request/site-toaster.tsx).
 */
import { expect, type Page } from "@playwright/test";

/** Sonner's live region, a region named "Notifications ...". */
export const toastRegion = (page: Page) => page.getByRole("region", { name: /^Notifications\b/ });

/** The toasts on screen: the region's list items (strict locators expect exactly one). */
export const toasts = (page: Page) => toastRegion(page).getByRole("listitem");

/** The site's assertive live region (role="alert"): the destructive toast's text, else empty. */
export const assertiveAnnouncer = (page: Page) => page.getByRole("alert");

/** The demo request's toasts, word for word (docs/requirements.md#spec-section-8-the-error-catalogue). */
export const SUCCESS_TOAST = {
  title: "Request Submitted Successfully",
  description: "Our team will contact you within 24 hours to schedule your demo.",
} as const;
export const FAILURE_TOAST = {
  title: "Submission Failed",
  description: "There was an error submitting your request. Please try again.",
} as const;

type Wait = { timeout?: number };

/** Asserts the one toast on screen is the success toast, title and text; `wait` applies to its title. */
export async function expectSuccessToast(page: Page, wait: Wait = {}): Promise<void> {
  await expect(toasts(page)).toContainText(SUCCESS_TOAST.title, wait);
  await expect(toasts(page)).toContainText(SUCCESS_TOAST.description);
}

/**
 * Asserts the one toast on screen is the destructive toast, title and text, and that the failure
 * is also in the assertive region ("Title. Text"), so it interrupts a screen reader.
 * `wait` applies to the toast's title.
 */
export async function expectFailureToast(page: Page, wait: Wait = {}): Promise<void> {
  await expect(toasts(page)).toContainText(FAILURE_TOAST.title, wait);
  await expect(toasts(page)).toContainText(FAILURE_TOAST.description);
  await expect(assertiveAnnouncer(page)).toHaveText(`${FAILURE_TOAST.title}. ${FAILURE_TOAST.description}`);
}
