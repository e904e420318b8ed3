/**
 * @jest-environment node
 */
// BUSINESS_HOURS and the roster as the configuration reads them (docs/requirements.md#follow-up):
// the window in an IANA zone, across a weekend and a daylight-saving change.
import {
  businessMinutesBetween,
  isWithinBusinessHours,
  localDate,
  parseBusinessHours,
} from "../../../../netlify/lib/add-ons/follow-up/business-hours";
import { invalidParts, loadConfig } from "../../../../netlify/lib/compose";
import { parseSalesTeam } from "../../../../netlify/lib/add-ons/follow-up/settings";

const PERTH = parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth")!;
const LONDON = parseBusinessHours("Mon-Fri 08:00-17:00 Europe/London")!;
const at = (iso: string) => new Date(iso);

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

test("SALES_TEAM is a list of named addresses; a bare address, a duplicate or garbage is refused", () => {
  expect(parseSalesTeam("Ana Smith <ana@example.com>, Ben Lee <ben@example.com>")).toEqual([
    { name: "Ana Smith", email: "ana@example.com" },
    { name: "Ben Lee", email: "ben@example.com" },
  ]);
  expect(parseSalesTeam('"Lee, Ben" <ben@example.com>')).toEqual([
    { name: "Lee, Ben", email: "ben@example.com" },
  ]);
  for (const bad of [
    "ana@example.com",
    "Ana <ana@example.com>, Ana Two <ANA@example.com>",
    "Ana Smith",
    "Ana <not-an-address>",
    "",
  ]) {
    expect([bad, parseSalesTeam(bad)]).toEqual([bad, undefined]);
  }
});

describe("the follow-up variables are checked at start like the others", () => {
  const base = {
    SENDGRID_API_KEY: "SG.x",
    SALES_EMAIL: "sales@example.com",
    MAIL_FROM: "no-reply@example.com",
  };

  // ALERT_EMAIL may be outside the team (it gets no visitor data); the escalation's link opens the
  // lead's page, so it goes to the sales inbox unless ESCALATION_EMAIL names someone.
  test("defaults: nudge after 15 minutes, escalation after 60 to the sales inbox, all day, no roster", () => {
    const result = loadConfig({ ...base, ALERT_EMAIL: "ops@example.com" });
    expect(result.ok && result.config.followUp).toEqual({
      salesTeam: undefined,
      nudgeMinutes: 15,
      escalateMinutes: 60,
      escalationEmail: "sales@example.com",
      businessHours: undefined,
    });
  });

  test("fractional minutes (a test can use seconds), a roster, an escalation address and business hours", () => {
    const result = loadConfig({
      ...base,
      CLAIM_NUDGE_MINUTES: "0.05",
      CLAIM_ESCALATE_MINUTES: "0.1",
      SALES_TEAM: "Ana Smith <ana@example.com>",
      ESCALATION_EMAIL: "head-of-sales@example.com",
      BUSINESS_HOURS: "Mon-Fri 08:00-17:00 Australia/Perth",
    });
    expect(result.ok && result.config.followUp).toMatchObject({
      nudgeMinutes: 0.05,
      escalateMinutes: 0.1,
      escalationEmail: "head-of-sales@example.com",
      salesTeam: [{ name: "Ana Smith", email: "ana@example.com" }],
      businessHours: { zone: "Australia/Perth" },
    });
  });

  test("a bad value is named, never shown", () => {
    const result = loadConfig({
      ...base,
      SALES_TEAM: "secret-looking garbage",
      BUSINESS_HOURS: "weekdays",
      CLAIM_NUDGE_MINUTES: "30",
      CLAIM_ESCALATE_MINUTES: "10",
      ESCALATION_EMAIL: "nobody",
    });
    // Follow-up is off and named; the demo request goes on.
    expect(result.ok && result.config.followUp).toBeUndefined();
    expect(invalidParts(result)).toEqual(["follow-up: ESCALATION_EMAIL is invalid"]);
    expect(JSON.stringify(result)).not.toContain("secret-looking");
    const rest = loadConfig({
      ...base,
      SALES_TEAM: "secret-looking garbage",
      BUSINESS_HOURS: "weekdays",
      CLAIM_NUDGE_MINUTES: "30",
      CLAIM_ESCALATE_MINUTES: "10",
    });
    expect(invalidParts(rest)).toEqual([
      "follow-up: SALES_TEAM is invalid; BUSINESS_HOURS is invalid; CLAIM_ESCALATE_MINUTES is invalid",
    ]);
    expect(invalidParts(loadConfig({ ...base, CLAIM_NUDGE_MINUTES: "0" }))).toEqual([
      "follow-up: CLAIM_NUDGE_MINUTES is invalid",
    ]);
  });
});
