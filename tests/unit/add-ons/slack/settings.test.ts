/**
 * @jest-environment node
 */
// The Slack buttons' settings as the configuration reads them (docs/decisions/0030-slack-and-booking-loop.md,
// docs/decisions/0047-slack-plugin.md): SLACK_USER_MAP named when malformed, checked against the SALES_TEAM roster,
// and the buttons off while follow-up is.
import { invalidParts, loadConfig } from "../../../../netlify/lib/compose";
import { namesOnly } from "../../../helpers/setting-problems";

const ROSTER = "Ana Lopez <ana@example.com>, ";

describe("SLACK_USER_MAP is checked against its own syntax", () => {
  const base = {
    SENDGRID_API_KEY: "SG.x",
    SALES_EMAIL: "sales@example.com",
    MAIL_FROM: "no-reply@example.com",
    SLACK_SIGNING_SECRET: "s".repeat(32),
  };
  const slackPart = (env: Record<string, string>) =>
    invalidParts(loadConfig({ ...base, ...env }))
      .filter((part) => part.startsWith("Slack"))
      .map(namesOnly);

  test.each([
    "U024BE7LH",
    "U024BE7LH=ana@example.com=x",
    "u024be7lh=ana@example.com",
    "U024BE7LH=not-an-address",
    "U024BE7LH=ana@example.com, U024BE7LH=ana@example.com",
    " , ",
  ])("%j is named invalid, whether follow-up is invalid, off the roster or on", (map) => {
    for (const team of ["Ana Lopez <ana@example.com> (sales)", "Ana Lopez <ana@example.com>"])
      expect(slackPart({ SALES_TEAM: team, SLACK_USER_MAP: map })).toEqual([
        "Slack buttons: SLACK_USER_MAP is invalid",
      ]);
  });

  test("a malformed map is named even before the signing secret is set", () => {
    const { SLACK_SIGNING_SECRET: _, ...withoutSecret } = base;
    const result = loadConfig({ ...withoutSecret, SLACK_USER_MAP: "ana@example.com" });
    expect(invalidParts(result).map(namesOnly)).toEqual(["Slack buttons: SLACK_USER_MAP is invalid"]);
  });

  test("well-formed: on with follow-up's roster, off when follow-up is, invalid for an address off the roster", () => {
    const map = { SLACK_USER_MAP: "U024BE7LH=ANA@example.com" };
    const on = loadConfig({ ...base, ...map, SALES_TEAM: "Ana Lopez <ana@example.com>" });
    expect(on.ok && on.config.slack?.userMap.get("U024BE7LH")).toEqual({
      name: "Ana Lopez",
      email: "ana@example.com",
    });
    const followUpInvalid = loadConfig({ ...base, ...map, SALES_TEAM: ROSTER + "(".repeat(9_000) });
    expect(followUpInvalid.ok && followUpInvalid.report?.find((p) => p.name === "Slack buttons")).toEqual({
      name: "Slack buttons",
      state: "off",
      problems: [],
    });
    // Follow-up off for another of its variables: the roster parses, yet the map is not judged against it.
    const hoursInvalid = loadConfig({
      ...base,
      SLACK_USER_MAP: "U024BE7LH=ben@example.com",
      BUSINESS_HOURS: "x",
    });
    expect(hoursInvalid.ok && hoursInvalid.config.slack).toBeUndefined();
    expect(hoursInvalid.ok && hoursInvalid.report?.find((p) => p.name === "Slack buttons")?.state).toBe(
      "off",
    );
    expect(slackPart({ ...map, SALES_TEAM: "Ben Lee <ben@example.com>" })).toEqual([
      "Slack buttons: SLACK_USER_MAP is invalid",
    ]);
    expect(slackPart(map)).toEqual(["Slack buttons: SLACK_USER_MAP is invalid"]);
  });
});
