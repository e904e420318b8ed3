import { screen } from "@testing-library/react";
import { HONEYPOT_FIELD } from "../../../src/lib/demo-request";
import { control, LABELS, renderForm, submitButton, type FormField } from "./render-form";

const ORDER: FormField[] = ["firstName", "lastName", "email", "phone", "company", "message"];

test("shows the six fields in the spec's order with their visible labels", () => {
  renderForm();
  const labels = Array.from(document.querySelectorAll("form label"))
    .map((label) => label.textContent)
    .filter((text) => text !== "Leave this field empty");
  expect(labels).toEqual([
    "First Name *",
    "Last Name *",
    "Work Email *",
    "Phone Number *",
    "Company *",
    "Additional Info",
  ]);
  const controls = screen.getAllByRole("textbox");
  expect(controls).toEqual(ORDER.map(control));
});

test("marks the five required fields for assistive tech, not the optional one", () => {
  renderForm();
  for (const field of ORDER.slice(0, 5)) expect(control(field)).toHaveAttribute("aria-required", "true");
  expect(control("message")).not.toHaveAttribute("aria-required");
  // The asterisk is visual only: the accessible name is the plain label.
  expect(screen.getByRole("textbox", { name: "First Name" })).toBe(control("firstName"));
});

test("Additional Info is a 4-row textarea", () => {
  renderForm();
  const message = control("message");
  expect(message.tagName).toBe("TEXTAREA");
  expect(message).toHaveAttribute("rows", "4");
});

test("works without JavaScript: a POST form to the function with named controls", () => {
  renderForm();
  const form = submitButton().closest("form")!;
  expect(form).toHaveAttribute("method", "post");
  expect(form).toHaveAttribute("action", "/api/send-contact-email");
  for (const field of ORDER) expect(control(field)).toHaveAttribute("name", field);
  expect(control("email")).toHaveAttribute("type", "email");
  expect(control("phone")).toHaveAttribute("type", "tel");
});

test("the honeypot is in the form but hidden from people, assistive tech and autofill", () => {
  renderForm();
  const honeypot = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!;
  expect(honeypot).toBeInTheDocument();
  expect(honeypot).toHaveAttribute("tabindex", "-1");
  expect(honeypot).toHaveAttribute("autocomplete", "off");
  expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  expect(honeypot.closest(".invisible")).not.toBeNull(); // visibility: hidden, so never focusable
  // No name an autofill heuristic matches, and the password managers' opt-outs (decision 0011).
  expect(honeypot.name).not.toMatch(/name|mail|phone|tel|company|org|url|web|site|address|city|zip|code/i);
  for (const optOut of ["data-1p-ignore", "data-lpignore", "data-bwignore", "data-form-type"])
    expect(honeypot).toHaveAttribute(optOut);
  expect(screen.queryByRole("textbox", { name: /leave this field empty/i })).toBeNull();
});

test("starts idle: the button reads 'Submit', enabled, and no field is flagged", () => {
  renderForm();
  expect(submitButton()).toHaveTextContent(/^Submit$/);
  expect(submitButton()).toBeEnabled();
  for (const field of ORDER) {
    expect(control(field)).not.toHaveAttribute("aria-invalid");
    expect(control(field)).not.toHaveAttribute("aria-describedby");
  }
  expect(Object.keys(LABELS)).toEqual(ORDER);
});
