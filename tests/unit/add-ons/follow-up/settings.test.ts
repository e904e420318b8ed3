/**
 * @jest-environment node
 */
// The follow-up settings as the configuration reads them (docs/requirements.md#follow-up,
// docs/decisions/0034-core-and-add-ons.md): the roster, the defaults, a bad value named, never shown,
// and no value, however long or nested, that costs more than a glance or throws.
import { invalidParts, loadConfig } from "../../../../netlify/lib/compose";
import { namesOnly } from "../../../helpers/setting-problems";
import { NEW_FOLLOW_UP } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { buildReminderEmail } from "../../../../netlify/lib/add-ons/follow-up/reminder-emails";
import { parseSalesTeam } from "../../../../netlify/lib/kit/roster";
import { leadRecord, TEST_CONFIG } from "../../../helpers/function-harness";

const ROSTER = "Ana Lopez <ana@example.com>, ";

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

test("a comment in parentheses is refused; parentheses inside a quoted name are a name", () => {
  expect(parseSalesTeam("Ana Lopez <ana@example.com> (sales)")).toBeUndefined();
  expect(parseSalesTeam("Ana (sales) Lopez <ana@example.com>")).toBeUndefined();
  expect(parseSalesTeam('"Ana Lopez (Perth)" <ana@example.com>')).toEqual([
    { name: "Ana Lopez (Perth)", email: "ana@example.com" },
  ]);
});

test("at most 50 members, each at most 400 characters", () => {
  const team = (size: number) =>
    Array.from({ length: size }, (_, n) => `Member ${n} <member.${n}@example.com>`).join(", ");
  expect(parseSalesTeam(team(50))).toHaveLength(50);
  expect(parseSalesTeam(team(51))).toBeUndefined();
  expect(
    parseSalesTeam(`"${"a".repeat(80)}" <${"b".repeat(64)}@${"c".repeat(60)}.example.com>`),
  ).toHaveLength(1);
  expect(parseSalesTeam(`Ana <ana@example.com>,${" ".repeat(400)}Ben <ben@example.com>`)).toBeUndefined();
});

// The address parser follows nested comments by recursion: some 2,000 `(` overflowed the stack.
test.each(["(", "<", '"', "\\", ",", ")", '"a" ', "a "])(
  "thousands of %j are refused, never thrown",
  (unit) => {
    const value = ROSTER + unit.repeat(Math.floor(3_900 / unit.length));
    expect(parseSalesTeam(value)).toBeUndefined();
    expect(parseSalesTeam(ROSTER + unit.repeat(9_000))).toBeUndefined();
  },
);

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
      escalationEmail: undefined,
      businessHours: undefined,
    });
  });

  test("without ESCALATION_EMAIL the escalation goes to the sales inbox, read where it is sent", () => {
    const result = loadConfig({ ...base, ALERT_EMAIL: "ops@example.com" });
    if (!result.ok || !result.config.followUp) throw new Error("follow-up is off");
    const config = { ...TEST_CONFIG, ...result.config, followUp: result.config.followUp };
    const item = {
      lead: leadRecord("0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d", "sent"),
      followUp: NEW_FOLLOW_UP,
    };
    expect(buildReminderEmail("escalation", item, "Unclaimed", config).to).toBe("sales@example.com");
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
    expect(invalidParts(result).map(namesOnly)).toEqual(["follow-up: ESCALATION_EMAIL is invalid"]);
    expect(JSON.stringify(result)).not.toContain("secret-looking");
    const rest = loadConfig({
      ...base,
      SALES_TEAM: "secret-looking garbage",
      BUSINESS_HOURS: "weekdays",
      CLAIM_NUDGE_MINUTES: "30",
      CLAIM_ESCALATE_MINUTES: "10",
    });
    expect(invalidParts(rest).map(namesOnly)).toEqual([
      "follow-up: SALES_TEAM is invalid; BUSINESS_HOURS is invalid; CLAIM_ESCALATE_MINUTES is invalid",
    ]);
    expect(invalidParts(loadConfig({ ...base, CLAIM_NUDGE_MINUTES: "0" })).map(namesOnly)).toEqual([
      "follow-up: CLAIM_NUDGE_MINUTES is invalid",
    ]);
  });

  test("a malformed SALES_TEAM is named once with its shape and an example, never its value", () => {
    const result = loadConfig({ ...base, SALES_TEAM: "Ana Lopez ana-at-example, Ben" });
    expect(invalidParts(result)).toEqual([
      'follow-up: SALES_TEAM is invalid: expected "Name <email>, ..." (distinct addresses, at most 50 members), ' +
        'e.g. SALES_TEAM="Ana Lopez <ana@example.com>, Ben Ng <ben@example.com>"',
    ]);
    expect(JSON.stringify(result)).not.toContain("ana-at-example");
  });

  test("a SALES_TEAM of 9,000 `(` turns follow-up off, named; the rest of the configuration stands", () => {
    const result = loadConfig({ ...base, SALES_TEAM: ROSTER + "(".repeat(9_000) });
    expect(result.ok && result.config.followUp).toBeUndefined();
    expect(result.ok && result.config.confirmation).toBeDefined();
    expect(invalidParts(result).map(namesOnly)).toEqual(["follow-up: SALES_TEAM is invalid"]);
  });

  test("any follow-up value past 4,000 characters is refused before it is parsed", () => {
    const long = "Mon-Fri 08:00-17:00 Australia/Perth".padEnd(4_001, " ");
    expect(invalidParts(loadConfig({ ...base, BUSINESS_HOURS: long })).map(namesOnly)).toEqual([
      "follow-up: BUSINESS_HOURS is invalid",
    ]);
  });
});
