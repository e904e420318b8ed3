import * as React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { DemoRequestSection } from "../../../src/components/demo-request/demo-request-form";
import { FORM_TOKEN_ENDPOINT } from "../../../src/lib/submit-demo-request";
import { DEMO_REQUEST_FIELDS, type DemoRequestField } from "../../../src/lib/demo-request";
import { content } from "../site/helpers/content";

/** Accessible names of the controls, from the field table (the asterisk is hidden from assistive tech). */
export const LABELS = Object.fromEntries(DEMO_REQUEST_FIELDS.map((row) => [row.name, row.label])) as Record<
  DemoRequestField,
  string
>;

export type FormField = DemoRequestField;

export const VALID_VALUES: Record<FormField, string> = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+61 8 9000 0000",
  company: "Analytical Mining Pty Ltd",
  message: "Interested in the Technical Co-Pilot.",
};

/**
 * Renders the section (form + toaster, with the collection notice from content/site.json) and a
 * user-event instance. Sonner keeps toasts in a
 * module-level store that replays them to a new Toaster, so earlier tests' toasts are dismissed
 * first: a toast found afterwards was shown by this test.
 */
export function renderForm() {
  toast.dismiss();
  const user = userEvent.setup();
  render(<DemoRequestSection notice={content.site.contact.notice} />);
  return { user };
}

export function control(field: FormField): HTMLInputElement | HTMLTextAreaElement {
  return screen.getByRole<HTMLInputElement | HTMLTextAreaElement>("textbox", { name: LABELS[field] });
}

export function submitButton(): HTMLButtonElement {
  return screen.getByRole("button", { name: /^Submit/ });
}

/** Types `values` into the form; `paste` keeps long values fast. */
export async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<FormField, string>>,
) {
  for (const [field, value] of Object.entries(values) as [FormField, string][]) {
    const element = control(field);
    await user.clear(element);
    if (value) {
      element.focus();
      await user.paste(value);
    }
  }
}

/**
 * Replaces the global fetch (jsdom has none) with a mock answering `status`, or rejecting
 * like a network failure when `status` is "network-error". The form's time-token request gets
 * TEST_FORM_TOKEN and is not recorded by the mock.
 */
export function mockFetch(status: number | "network-error") {
  const mock = jest.fn(async (_url: string, _init?: RequestInit) => {
    if (status === "network-error") throw new TypeError("Failed to fetch");
    return { ok: status >= 200 && status < 300, status } as Response;
  });
  globalThis.fetch = (async (url: string, init?: RequestInit) =>
    url === FORM_TOKEN_ENDPOINT ? formTokenAnswer() : mock(url, init)) as typeof fetch;
  return mock;
}

/** The time token the mocked `GET /api/form-token` hands the form (src/lib/submit-demo-request.ts). */
export const TEST_FORM_TOKEN = "1700000000000.test-token";

// The token request is answered apart, so `mockFetch`'s mock sees only the demo request's posts.
const formTokenAnswer = async () =>
  ({ ok: true, status: 200, json: async () => ({ token: TEST_FORM_TOKEN }) }) as Response;
