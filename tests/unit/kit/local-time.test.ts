/**
 * @jest-environment node
 */
// Times in the team's zone with the zone named, across a daylight-saving change (docs/decisions/0037-email-layout.md).
import { localTime } from "../../../netlify/lib/kit/text";

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
