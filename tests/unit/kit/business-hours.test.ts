/**
 * @jest-environment node
 */
// BUSINESS_HOURS as the configuration reads it (docs/requirements.md#follow-up): the window in an IANA zone,
// across a weekend and a daylight-saving change; ISO weeks in that zone across a year's end and a clock change
// (docs/decisions/0038-weekly-summary.md).
import {
  businessMinutesBetween,
  isWithinBusinessHours,
  localDate,
  parseBusinessHours,
  parseWeek,
  shiftWeek,
  weekBounds,
  weekName,
  weekOf,
} from "../../../netlify/lib/kit/business-hours";

const PERTH = parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth")!;
const LONDON = parseBusinessHours("Mon-Fri 08:00-17:00 Europe/London")!;
const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

test("a BUSINESS_HOURS value gives its days, window and zone; anything else is refused", () => {
  expect(PERTH).toEqual({
    days: new Set([1, 2, 3, 4, 5]),
    openMinute: 480,
    closeMinute: 1020,
    zone: "Australia/Perth",
  });
  expect(parseBusinessHours("Sat,Sun 10:00-14:30 UTC")?.days).toEqual(new Set([6, 7]));
  expect(parseBusinessHours("Fri-Mon 09:00-17:00 UTC")?.days).toEqual(new Set([5, 6, 7, 1]));
  for (const bad of [
    "Mon-Fri 08:00-17:00",
    "Mon-Fri 08:00-17:00 Mars/Olympus",
    "Mon-Fry 08:00-17:00 UTC",
    "Mon-Fri 17:00-08:00 UTC",
    "Mon-Fri 8-17 UTC",
    "Mon-Fri 08:00-25:00 UTC",
    "",
  ]) {
    expect([bad, parseBusinessHours(bad)]).toEqual([bad, undefined]);
  }
});

test("without business hours the clock is calendar minutes, fractions kept", () => {
  expect(businessMinutesBetween(undefined, at("2026-11-20T08:00:00Z"), at("2026-11-20T08:00:03Z"))).toBe(
    0.05,
  );
  expect(businessMinutesBetween(undefined, at("2026-11-20T08:00:00Z"), at("2026-11-20T07:00:00Z"))).toBe(0);
});

test("the clock stops outside the window: a Friday-afternoon lead waits over the weekend (Perth, UTC+8)", () => {
  // Friday 16:50 in Perth = 08:50 UTC; Monday 08:05 in Perth = Monday 00:05 UTC.
  const friday = at("2026-11-20T08:50:00Z");
  expect(businessMinutesBetween(PERTH, friday, at("2026-11-20T09:00:00Z"))).toBe(10);
  expect(businessMinutesBetween(PERTH, friday, at("2026-11-22T23:00:00Z"))).toBe(10); // Sunday night
  expect(businessMinutesBetween(PERTH, friday, at("2026-11-23T00:05:00Z"))).toBe(15);
  // A lead on Saturday starts counting on Monday at 08:00.
  expect(businessMinutesBetween(PERTH, at("2026-11-21T03:00:00Z"), at("2026-11-23T01:00:00Z"))).toBe(60);
});

test("across the spring daylight-saving change the window stays 08:00-17:00 local time (Europe/London)", () => {
  // Clocks go forward on Sunday 28 March 2027 at 01:00 UTC: Friday 16:50 GMT = 16:50 UTC, Monday
  // 08:05 BST = 07:05 UTC.
  const friday = at("2027-03-26T16:50:00Z");
  expect(businessMinutesBetween(LONDON, friday, at("2027-03-29T07:00:00Z"))).toBe(10); // Monday 08:00 BST
  expect(businessMinutesBetween(LONDON, friday, at("2027-03-29T07:05:00Z"))).toBe(15);
  // Were the window counted in UTC, Monday would open an hour late.
  expect(isWithinBusinessHours(LONDON, at("2027-03-29T07:30:00Z"))).toBe(true);
  expect(isWithinBusinessHours(LONDON, at("2027-03-26T17:30:00Z"))).toBe(false);
  expect(isWithinBusinessHours(LONDON, at("2027-03-27T10:00:00Z"))).toBe(false); // Saturday
  // And in autumn (31 October 2027), Monday 08:00 GMT is 08:00 UTC again.
  expect(businessMinutesBetween(LONDON, at("2027-10-29T15:50:00Z"), at("2027-11-01T08:05:00Z"))).toBe(15);
});

test("the digest's day is the zone's calendar day", () => {
  expect(localDate(PERTH, at("2026-11-24T20:00:00Z"))).toBe("2026-11-25");
  expect(localDate(undefined, at("2026-11-24T20:00:00Z"))).toBe("2026-11-24");
});

describe("ISO weeks", () => {
  test("across a year's end: 2026 has 53 weeks, and 2027-W01 starts on Monday 4 January", () => {
    expect(weekOf(new Date("2025-12-29T00:00:00Z"), "utc")).toBe("2026-W01");
    expect(weekOf(new Date("2026-12-31T12:00:00Z"), "utc")).toBe("2026-W53");
    expect(weekOf(new Date("2027-01-03T23:59:59Z"), "utc")).toBe("2026-W53");
    expect(weekOf(new Date("2027-01-04T00:00:00Z"), "utc")).toBe("2027-W01");
    expect(shiftWeek("2026-W53", 1, "utc")).toBe("2027-W01");
    expect(shiftWeek("2027-W01", -1, "utc")).toBe("2026-W53");
    expect(shiftWeek("2026-W02", -2, "utc")).toBe("2025-W52");
  });

  test("in the team's zone: a Sunday evening in UTC is already Monday in Perth", () => {
    const at = new Date("2027-01-03T20:00:00Z");
    expect(weekOf(at, "utc")).toBe("2026-W53");
    expect(weekOf(at, "Australia/Perth")).toBe("2027-W01");
    expect(weekBounds("2027-W01", "Australia/Perth").start.toISOString()).toBe("2027-01-03T16:00:00.000Z");
  });

  test("as sales reads them: the week's Monday, with its year when it is not the year of the message", () => {
    const now = new Date("2026-12-30T09:00:00Z");
    expect(weekName("2026-W49", now)).toBe("week of Mon 30 Nov");
    expect(weekName("2026-W53", now)).toBe("week of Mon 28 Dec");
    expect(weekName("2026-W01", now)).toBe("week of Mon 29 Dec 2025");
    expect(weekName("2026-W53", new Date("2027-01-04T00:00:00Z"))).toBe("week of Mon 28 Dec 2026");
  });

  test("a week that does not exist, or a malformed one, is refused", () => {
    expect(parseWeek("2026-W53")).toBe("2026-W53");
    expect(parseWeek("2027-W53")).toBeUndefined();
    expect(parseWeek("2026-W00")).toBeUndefined();
    expect(parseWeek("2026-w05")).toBeUndefined();
    expect(parseWeek("2026-W5")).toBeUndefined();
  });

  test("a week with a clock change is 167 or 169 hours long, from local midnight to local midnight", () => {
    const spring = weekBounds("2026-W13", "Europe/Berlin");
    expect(spring.start.toISOString()).toBe("2026-03-22T23:00:00.000Z");
    expect(spring.end.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect((spring.end.getTime() - spring.start.getTime()) / HOUR).toBe(167);
    const autumn = weekBounds("2026-W14", "Australia/Sydney");
    expect((autumn.end.getTime() - autumn.start.getTime()) / HOUR).toBe(169);
  });
});
