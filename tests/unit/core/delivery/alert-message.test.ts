/**
 * @jest-environment node
 */
// Alerts in the one e-mail layout (docs/requirements.md#lead-path-and-alerts,
// docs/requirements.md#sales-tools): a title, their words as paragraphs and lists in the same order in
// HTML and text, the lead's arrival in BUSINESS_HOURS' zone, and no visitor text.
import { parseBusinessHours } from "../../../../netlify/lib/kit/business-hours";
import { alertEmail } from "../../../../netlify/lib/core/delivery/alert";
import { silenceConsole } from "../../../helpers/console";
import {
  harness,
  leadIdOf,
  REFUSED,
  scriptedMailer,
  sentOfKind,
  TEST_CONFIG,
  VALID,
} from "../../../helpers/function-harness";

afterEach(() => jest.restoreAllMocks());

test("an alert is its title, then each paragraph and list in order, escaped, in HTML and text", () => {
  const { to, subject, text, html, customArgs } = alertEmail(TEST_CONFIG, {
    subject: "Site settings invalid: some parts are off",
    title: "Site settings invalid",
    body: [
      "First <b>line</b>\nits second line",
      { list: ["lead webhook: LEAD_WEBHOOK_URL is invalid"] },
      "Last.",
    ],
  });
  expect({ to, subject, customArgs }).toEqual({
    to: TEST_CONFIG.alertEmail,
    subject: "Site settings invalid: some parts are off",
    customArgs: { kind: "alert" },
  });
  expect(text).toContain(
    "Site settings invalid\n\nFirst <b>line</b>\nits second line\n\n- lead webhook: LEAD_WEBHOOK_URL is invalid\n\nLast.\n",
  );
  expect(html).toContain("First &lt;b&gt;line&lt;/b&gt;<br/>its second line");
  expect(html).toMatch(/<h1[^>]*>Site settings invalid<\/h1>(.|\n)*<li>lead webhook(.|\n)*Last\./);
});

test("the undelivered-lead alert keeps its words and shows the arrival in BUSINESS_HOURS' zone", async () => {
  const errors = silenceConsole("error");
  const mailer = scriptedMailer([REFUSED]);
  const at = new Date("2026-11-27T08:04:37.864Z");
  const businessHours = parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth");
  const requestId = "5d0c3f4e-8a2b-4c6d-9e1f-2a3b4c5d6e7f";
  await harness({
    mailer,
    now: () => at,
    config: { followUp: { ...TEST_CONFIG.followUp, businessHours } },
  }).post({
    ...VALID,
    message: "Call me about the Co-Pilot",
    requestId,
  });
  const [alert] = sentOfKind(mailer, "alert");
  const lead = leadIdOf(requestId);
  expect(alert.text).toContain(
    [
      "Demo request not delivered",
      "",
      `Demo request ${lead} needs a person: its sales e-mail was refused or given up on and will not be sent again.`,
      "",
      "Received: Fri 27 Nov 2026, 16:04 GMT+8 (Australia/Perth)",
      "Sales e-mail: failed, 1 send(s), last error: SendGrid answered 400",
      "",
      "The prospect's details are in the stored lead: run `npm run leads:export`, find this request id, check the sales inbox for it, and contact the prospect if it is not there.",
    ].join("\n"),
  );
  for (const typed of [VALID.firstName, VALID.lastName, VALID.email, VALID.company, "Co-Pilot"]) {
    expect(`${alert.text}${alert.html}`).not.toContain(typed);
  }
  expect(errors.text()).toContain("sales e-mail not accepted, refused for good");
});
