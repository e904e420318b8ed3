/**
 * @jest-environment node
 */
// The "Book a time now" link (docs/decisions/0023-booking-link.md): BOOKING_URL prefilled with name and
// email.
import { isHttpsUrl } from "../../../../netlify/lib/kit/url";
import { prefilledBookingUrl } from "../../../../netlify/lib/add-ons/booking/booking-reference";

const JANE = { firstName: "Jane", lastName: "Driller", email: "jane@acme-mining.com" };

test("adds name and email, percent-encoded, a space as %20", () => {
  expect(prefilledBookingUrl("https://cal.com/acme/demo", JANE)).toBe(
    "https://cal.com/acme/demo?name=Jane%20Driller&email=jane%40acme-mining.com",
  );
});

test("keeps the page's own parameters and fragment, and replaces a name or email already there", () => {
  const url = prefilledBookingUrl("https://calendly.com/acme/30min?hide_gdpr_banner=1&name=Old#top", JANE);
  expect(url).toBe(
    "https://calendly.com/acme/30min?hide_gdpr_banner=1&name=Jane%20Driller&email=jane%40acme-mining.com#top",
  );
});

test("escapes what could break out of a parameter: & = # + ? % and quotes decode back exactly", () => {
  const prospect = { firstName: "Ann & Bob=1#x", lastName: 'O\'Hara+"Q"?%', email: "a+tag@example.com" };
  const url = new URL(prefilledBookingUrl("https://cal.com/acme/demo", prospect));
  expect([...url.searchParams.keys()]).toEqual(["name", "email"]);
  expect(url.searchParams.get("name")).toBe('Ann & Bob=1#x O\'Hara+"Q"?%');
  expect(url.searchParams.get("email")).toBe("a+tag@example.com");
  expect(url.hash).toBe("");
  expect(url.search).not.toMatch(/[ "+]/);
});

test("non-ASCII names are UTF-8 percent-encoded", () => {
  const url = prefilledBookingUrl("https://cal.com/acme/demo", {
    ...JANE,
    firstName: "Zoë",
    lastName: "Ngữ",
  });
  expect(url).toContain("name=Zo%C3%AB%20Ng%E1%BB%AF");
});

test("BOOKING_URL must be https in production; http only locally; never credentials or other schemes", () => {
  expect(isHttpsUrl("https://cal.com/acme/demo", false, { refuseCredentials: true })).toBe(true);
  expect(isHttpsUrl("http://cal.com/acme/demo", false, { refuseCredentials: true })).toBe(false);
  expect(isHttpsUrl("http://localhost:8937/book", true, { refuseCredentials: true })).toBe(true);
  for (const bad of [
    "javascript:alert(1)",
    "ftp://cal.com/x",
    "https://user:pw@cal.com/x",
    "cal.com/acme",
    "",
  ]) {
    expect(isHttpsUrl(bad, true, { refuseCredentials: true })).toBe(false);
  }
});
