/**
 * @jest-environment node
 */
// Times in the team's zone with the zone named, across a daylight-saving change, the tel: and mailto: links of
// the e-mails and the claim page, and where an address may break (docs/decisions/0037-email-layout.md).
import { addressParts, localTime, mailtoHref, shortText, telHref } from "../../../netlify/lib/kit/text";

test("a time is given in the zone, with the zone named, or in UTC", () => {
  expect(localTime("2026-11-27T08:04:37.864Z", "Australia/Perth")).toBe(
    "Fri 27 Nov 2026, 16:04 GMT+8 (Australia/Perth)",
  );
  expect(localTime(new Date("2026-11-27T08:04:37.864Z"))).toBe("Fri 27 Nov 2026, 08:04 UTC");
});

test("summer time moves the clock and the offset", () => {
  expect(localTime("2026-03-28T12:00:00Z", "Europe/London")).toBe(
    "Sat 28 Mar 2026, 12:00 GMT (Europe/London)",
  );
  expect(localTime("2026-03-30T12:00:00Z", "Europe/London")).toBe(
    "Mon 30 Mar 2026, 13:00 BST (Europe/London)",
  );
});

test("tel: and mailto: links: digits and a leading + only, up to an extension; the address percent-encoded", () => {
  expect(telHref("+61 (8) 9000-0001")).toBe("tel:+61890000001");
  expect(telHref("08 9000 0001 x 12")).toBe("tel:0890000001");
  expect(telHref("call me")).toBeUndefined();
  expect(mailtoHref("jane+pilot@acme.com")).toBe("mailto:jane%2Bpilot@acme.com");
  expect(mailtoHref("a?b#c@acme.com")).toBe("mailto:a%3Fb%23c@acme.com");
  expect(mailtoHref("no address")).toBeUndefined();
});

test("a cut text ends in an ellipsis within its length, never between the halves of an emoji", () => {
  expect(shortText("Acme Mining", 11)).toBe("Acme Mining");
  expect(shortText("Acme Mining", 6)).toBe("Acme \u2026");
  expect(shortText("Acme\u{1F600}Mining", 6)).toBe("Acme\u2026");
});

test("an address is cut after each '@' and '.', and its parts joined are the address", () => {
  expect(addressParts("ops.manager@pilbara.com.au")).toEqual(["ops.", "manager@", "pilbara.", "com.", "au"]);
  expect(addressParts("a..b@c.")).toEqual(["a.", ".", "b@", "c."]);
  expect(addressParts("no-address")).toEqual(["no-address"]);
  for (const address of ["ops.manager@pilbara.com.au", "a..b@c.", "@.@"]) {
    expect(addressParts(address).join("")).toBe(address);
  }
});
