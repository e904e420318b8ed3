import { screen, waitFor } from "@testing-library/react";
import {
  control,
  fill,
  mockFetch,
  renderForm,
  submitButton,
  TEST_FORM_TOKEN,
  VALID_VALUES,
  type FormField,
} from "./render-form";
import { silenceConsole } from "../../helpers/console";
import { HONEYPOT_FIELD } from "../../../src/lib/demo-request";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const FIELDS = Object.keys(VALID_VALUES) as FormField[];

function sentBodies(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);
}

/** The toast element showing `title` (sonner's <li>, which carries the variant in data-type). */
async function toastTitled(title: string) {
  return (await screen.findByText(title)).closest("[data-sonner-toast]");
}

test("sends the trimmed values, the empty honeypot, the time token and a UUID requestId as JSON", async () => {
  const fetchMock = mockFetch(200);
  const { user } = renderForm();
  await fill(user, { ...VALID_VALUES, firstName: "  Ada  ", company: " Analytical Mining Pty Ltd\t" });
  await user.click(submitButton());
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toBe("/api/send-contact-email");
  expect(init?.method).toBe("POST");
  const body = sentBodies(fetchMock)[0];
  expect(body).toEqual({
    ...VALID_VALUES,
    [HONEYPOT_FIELD]: "",
    formToken: TEST_FORM_TOKEN,
    requestId: expect.stringMatching(UUID_V4),
  });
});

test("while sending, the button reads 'Submitting...', is disabled, and a second click sends nothing", async () => {
  let answer!: (response: Response) => void;
  const fetchMock = mockFetch(200);
  fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  await user.click(submitButton());

  await waitFor(() => expect(submitButton()).toHaveTextContent("Submitting..."));
  expect(submitButton()).toBeDisabled();
  await user.click(submitButton());
  await user.type(control("company"), "{Enter}");
  expect(fetchMock).toHaveBeenCalledTimes(1);

  answer({ ok: true, status: 200 } as Response);
  await waitFor(() => expect(submitButton()).toHaveTextContent(/^Submit$/));
  expect(submitButton()).toBeEnabled();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test.each([200, 202])("on HTTP %i: success toast, empty form, idle again", async (status) => {
  mockFetch(status);
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  await user.click(submitButton());

  const toast = await toastTitled("Request Submitted Successfully");
  expect(toast).toHaveAttribute("data-type", "success");
  expect(toast).toHaveTextContent("Our team will contact you within 24 hours to schedule your demo.");
  for (const field of FIELDS) expect(control(field)).toHaveValue("");
  expect(submitButton()).toHaveTextContent(/^Submit$/);
  expect(submitButton()).toBeEnabled();
});

test.each([422, 500, 502, "network-error"] as const)(
  "on %s: destructive toast, every value kept, error logged without personal data",
  async (answer) => {
    // A bare mockImplementation() leaves getMockImplementation() undefined, which the setup treats as unexpected.
    const consoleError = silenceConsole("error");
    mockFetch(answer);
    const { user } = renderForm();
    await fill(user, VALID_VALUES);
    await user.click(submitButton());

    const toast = await toastTitled("Submission Failed");
    expect(toast).toHaveAttribute("data-type", "error");
    expect(toast).toHaveTextContent("There was an error submitting your request. Please try again.");
    for (const field of FIELDS) expect(control(field)).toHaveValue(VALID_VALUES[field]);
    expect(submitButton()).toHaveTextContent(/^Submit$/);
    expect(submitButton()).toBeEnabled();

    expect(consoleError).toHaveBeenCalledTimes(1);
    const logged = consoleError.mock.calls[0].map(String).join(" ");
    expect(consoleError.mock.calls[0]).toContainEqual(expect.any(Error));
    for (const secret of [VALID_VALUES.email, VALID_VALUES.phone, VALID_VALUES.lastName]) {
      expect(logged).not.toContain(secret);
    }
  },
);

test("a retry of the same values keeps the requestId; a success renews it", async () => {
  const consoleErrors = silenceConsole("error");
  const fetchMock = mockFetch(500);
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  await screen.findByText("Submission Failed");

  fetchMock.mockResolvedValue({ ok: true, status: 200 } as Response);
  await user.click(submitButton());
  await screen.findByText("Request Submitted Successfully");

  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

  const [first, retry, next] = sentBodies(fetchMock).map((body) => body.requestId);
  expect(retry).toBe(first);
  expect(next).not.toBe(first);
  expect(next).toMatch(UUID_V4);
  expect(consoleErrors.text()).toContain("Demo request failed");
});

test("changed values get a new requestId", async () => {
  const consoleErrors = silenceConsole("error");
  const fetchMock = mockFetch(500);
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  await screen.findByText("Submission Failed");
  await fill(user, { company: "Another Company" });
  await user.click(submitButton());
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  const [first, second] = sentBodies(fetchMock).map((body) => body.requestId);
  expect(second).not.toBe(first);
  expect(consoleErrors.text()).toContain("Demo request failed");
});

test("a filled honeypot is sent as is, for the function to judge", async () => {
  const fetchMock = mockFetch(200);
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  const honeypot = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!;
  honeypot.value = "https://spam.example";
  await user.click(submitButton());
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  expect(sentBodies(fetchMock)[0][HONEYPOT_FIELD]).toBe("https://spam.example");
});

test("without a time token (its request failed) the demo request is still sent", async () => {
  const fetchMock = mockFetch(200);
  const submit = globalThis.fetch;
  globalThis.fetch = ((url: string, init?: RequestInit) =>
    url === "/api/form-token"
      ? Promise.reject(new TypeError("Failed to fetch"))
      : submit(url, init)) as typeof fetch;
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  await screen.findByText("Request Submitted Successfully");
  expect(sentBodies(fetchMock)[0]).not.toHaveProperty("formToken");
});

test("a 409 (the request id was taken) is sent once more with a fresh requestId", async () => {
  const fetchMock = mockFetch(200);
  fetchMock.mockResolvedValueOnce({ ok: false, status: 409 } as Response);
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  await screen.findByText("Request Submitted Successfully");
  const [first, retry] = sentBodies(fetchMock);
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(retry.requestId).toMatch(UUID_V4);
  expect(retry.requestId).not.toBe(first.requestId);
  expect({ ...retry, requestId: "" }).toEqual({ ...first, requestId: "" });
});

test("a second 409 is a failure: one retry only, values kept", async () => {
  const consoleError = silenceConsole("error");
  const fetchMock = mockFetch(409);
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  await screen.findByText("Submission Failed");
  expect(fetchMock).toHaveBeenCalledTimes(2);
  for (const field of FIELDS) expect(control(field)).toHaveValue(VALID_VALUES[field]);
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(consoleError.text()).toContain("Demo request failed: Error: send-contact-email answered HTTP 409");
});
