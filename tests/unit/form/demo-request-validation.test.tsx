import { screen, waitFor } from "@testing-library/react";
import {
  control,
  fill,
  mockFetch,
  renderForm,
  submitButton,
  VALID_VALUES,
  type FormField,
} from "./render-form";

/** The text of the error slot that `field`'s control points at ("" if none). */
function shownError(field: FormField): string {
  return document.getElementById(`demo-request-${field}-error`)?.textContent ?? "";
}

const EMAIL_255 = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`;

// [field, value, message or "" for none] — spec section 5 at each boundary, through the form.
const cases: [FormField, string, string][] = [
  ["firstName", "", "First name is required"],
  ["firstName", "   ", "First name is required"],
  ["firstName", "x".repeat(100), ""],
  ["firstName", "x".repeat(101), "First name must be less than 100 characters"],
  ["lastName", "", "Last name is required"],
  ["lastName", "   ", "Last name is required"],
  ["lastName", "x".repeat(100), ""],
  ["lastName", "x".repeat(101), "Last name must be less than 100 characters"],
  ["email", "", "Invalid email address"],
  ["email", "   ", "Invalid email address"],
  ["email", "ada@example.com, bob@example.com", "Invalid email address"],
  ["email", "Ada <ada@example.com>", "Invalid email address"],
  ["email", EMAIL_255, ""],
  ["email", `a${EMAIL_255}`, "Email must be less than 255 characters"],
  ["phone", "", "Phone number is required"],
  ["phone", "   ", "Phone number is required"],
  ["phone", "1".repeat(50), ""],
  ["phone", "1".repeat(51), "Phone number must be less than 50 characters"],
  ["company", "", "Company name is required"],
  ["company", "   ", "Company name is required"],
  ["company", "x".repeat(200), ""],
  ["company", "x".repeat(201), "Company name must be less than 200 characters"],
  ["message", "", ""],
  ["message", "   ", ""],
  ["message", "m".repeat(1000), ""],
  ["message", "m".repeat(1001), "Message must be less than 1000 characters"],
  // Invisible format characters (Unicode Cf) in one-line fields, the message kept as is
  // (docs/requirements.md#spam-defence).
  ["firstName", "Ada\u200b", "First name contains characters that are not allowed"],
  ["lastName", "Love\u00adlace", "Last name contains characters that are not allowed"],
  ["phone", "\u202d+61 8 9000 0000", "Phone number contains characters that are not allowed"],
  ["company", "Analytical\ufeffMining", "Company name contains characters that are not allowed"],
  ["message", "Family team \u{1f468}\u200d\u{1f469}\u200d\u{1f467}", ""],
  // Default-ignorable letters and marks that render as nothing: a name of Hangul fillers alone
  // looks empty; a variation selector is refused in a one-line field too.
  ["firstName", "\u3164", "First name contains characters that are not allowed"],
  ["lastName", "\u115f\u1160", "Last name contains characters that are not allowed"],
  ["company", "Acme\uffa0Mining", "Company name contains characters that are not allowed"],
  ["company", "I \u2764\ufe0f Mining", "Company name contains characters that are not allowed"],
];

/** A short test title for a value: long values by their length. */
function shortly(value: string): string {
  if (value.length > 40) return `${value.length} characters`;
  if (/[^\x20-\x7e]/.test(value))
    return `${JSON.stringify(value.replace(/[^\x20-\x7e]/gu, "?"))} (invisible)`;
  return value.trim() === "" ? `${JSON.stringify(value)} (blank)` : JSON.stringify(value);
}

test.each(cases.map(([field, value, message]) => [field, shortly(value), value, message] as const))(
  "%s = %s → %j",
  async (field, _title, value, message) => {
    const fetchMock = mockFetch(200);
    const { user } = renderForm();
    await fill(user, { ...VALID_VALUES, [field]: value });
    await user.click(submitButton());
    if (message) {
      await waitFor(() => expect(shownError(field)).toBe(message));
      expect(control(field)).toHaveAttribute("aria-invalid", "true");
      expect(control(field)).toHaveAccessibleDescription(message);
      expect(control(field)).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    } else {
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(shownError(field)).toBe("");
    }
  },
);

test("nothing is checked before the first submit", async () => {
  const { user } = renderForm();
  await user.type(control("email"), "not-an-email");
  await user.tab();
  expect(shownError("email")).toBe("");
  expect(control("email")).not.toHaveAttribute("aria-invalid");
});

test("an empty submit shows the five required messages, sends nothing, focuses First Name", async () => {
  const fetchMock = mockFetch(200);
  const { user } = renderForm();
  await user.click(submitButton());
  await waitFor(() => expect(shownError("firstName")).toBe("First name is required"));
  expect(shownError("lastName")).toBe("Last name is required");
  expect(shownError("email")).toBe("Invalid email address");
  expect(shownError("phone")).toBe("Phone number is required");
  expect(shownError("company")).toBe("Company name is required");
  expect(shownError("message")).toBe("");
  expect(control("message")).not.toHaveAttribute("aria-invalid");
  expect(control("firstName")).toHaveFocus();
  expect(fetchMock).not.toHaveBeenCalled();
});

test("focus moves to the first invalid field in form order", async () => {
  mockFetch(200);
  const { user } = renderForm();
  await fill(user, { ...VALID_VALUES, lastName: "", phone: "" });
  await user.click(submitButton());
  await waitFor(() => expect(control("lastName")).toHaveFocus());
  expect(control("phone")).toHaveAttribute("aria-invalid", "true");
});

test("each message is linked by aria-describedby to its own field", async () => {
  const { user } = renderForm();
  await user.click(submitButton());
  await screen.findByText("Company name is required");
  const describedBy = control("company").getAttribute("aria-describedby");
  expect(describedBy).toBe("demo-request-company-error");
  expect(document.getElementById(describedBy!)).toHaveTextContent("Company name is required");
});

test("after a failed submit, a field is re-checked as it is corrected", async () => {
  const fetchMock = mockFetch(200);
  const { user } = renderForm();
  await user.click(submitButton());
  await screen.findByText("First name is required");

  await user.type(control("firstName"), "A");
  await waitFor(() => expect(shownError("firstName")).toBe(""));
  expect(control("firstName")).not.toHaveAttribute("aria-invalid");

  await user.type(control("email"), "ada@");
  expect(shownError("email")).toBe("Invalid email address");
  await user.type(control("email"), "example.com");
  await waitFor(() => expect(shownError("email")).toBe(""));

  // Still untouched fields keep their messages, and nothing was sent meanwhile.
  expect(shownError("lastName")).toBe("Last name is required");
  expect(fetchMock).not.toHaveBeenCalled();
});
