// The success toast's "Book a time now" link (docs/decisions/0023-booking-link.md) and the attribution
// the form sends (docs/decisions/0024-lead-attribution.md).
import { act, screen } from "@testing-library/react";
import { toast } from "sonner";
import { DEMO_REQUEST_TOASTS } from "../../../src/components/demo-request/site-toaster";
import { fill, mockFetch, renderForm, submitButton, VALID_VALUES } from "./render-form";

const BOOKING = "https://cal.com/acme/demo?name=Ada%20Lovelace&email=ada%40example.com";

/** The function's JSON answer, as the form's fetch sees it. */
function answerWith(body: object, status = 200) {
  const fetchMock = mockFetch(status);
  fetchMock.mockResolvedValue({ ok: true, status, json: async () => body } as Response);
  return fetchMock;
}

async function submit() {
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  await screen.findByText(DEMO_REQUEST_TOASTS.success.title);
  return user;
}

const bookingLink = () => screen.queryByRole("link", { name: "Book a time now" });

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  sessionStorage.clear();
});

test("with a booking link in the answer: the spec's title and text, and a real link opening in a new tab", async () => {
  answerWith({ ok: true, bookingUrl: BOOKING });
  await submit();
  const link = bookingLink();
  expect(link).toHaveAttribute("href", BOOKING);
  expect(link).toHaveAttribute("target", "_blank");
  expect(link).toHaveAttribute("rel", "noopener");
  expect(link).toHaveAccessibleDescription("Opens in a new tab");
  const item = link!.closest("[data-sonner-toast]");
  expect(item).toHaveAttribute("data-type", "success");
  expect(item?.querySelector("[data-title]")).toHaveTextContent(/^Request Submitted Successfully$/);
  expect(item?.querySelector("[data-description]")).toHaveTextContent(
    /^Our team will contact you within 24 hours to schedule your demo\.$/,
  );
  expect(link!.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
});

test("Tab from the Submit button reaches the link through the toast alone (toast, its close button, the link)", async () => {
  answerWith({ ok: true, bookingUrl: BOOKING });
  const user = await submit();
  submitButton().focus();
  const toastItem = bookingLink()!.closest("[data-sonner-toast]")!;
  const stops: Element[] = [];
  for (let i = 0; i < 3 && document.activeElement !== bookingLink(); i += 1) {
    await user.tab();
    stops.push(document.activeElement!);
  }
  expect(bookingLink()).toHaveFocus();
  for (const stop of stops) expect(toastItem.contains(stop)).toBe(true);
});

test("without a booking link (BOOKING_URL unset) nothing changes: no link, 5 seconds", async () => {
  answerWith({ ok: true });
  await submit();
  expect(bookingLink()).toBeNull();
});

test.each([
  ["not a URL", "book here"],
  ["a script URL", "javascript:alert(1)"],
  ["not text", 42],
])("an answer whose bookingUrl is %s shows no link", async (_what, bookingUrl) => {
  answerWith({ ok: true, bookingUrl });
  await submit();
  expect(bookingLink()).toBeNull();
});

describe("attribution", () => {
  const sentBody = (fetchMock: ReturnType<typeof mockFetch>) =>
    JSON.parse(fetchMock.mock.calls[0][1]?.body as string) as { attribution?: unknown };

  test("the tab's recorded first landing goes with the request, cleaned", async () => {
    sessionStorage.setItem(
      "attribution",
      JSON.stringify({ landing_path: "/", utm_source: "linkedin", utm_campaign: "q4", injected: "x" }),
    );
    const fetchMock = answerWith({ ok: true });
    await submit();
    expect(sentBody(fetchMock).attribution).toEqual({
      landing_path: "/",
      utm_source: "linkedin",
      utm_campaign: "q4",
    });
  });

  test("nothing recorded: no attribution key at all", async () => {
    const fetchMock = answerWith({ ok: true });
    await submit();
    expect(sentBody(fetchMock)).not.toHaveProperty("attribution");
  });
});
