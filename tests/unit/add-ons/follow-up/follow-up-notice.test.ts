/**
 * @jest-environment node
 */
// The e-mails to the people concerned by a follow-up change (docs/decisions/0030-slack-and-booking-loop.md):
// a refused one is logged with its recipient masked, after the mailer's retries, and never thrown.
import {
  buildFollowUpNotice,
  sendFollowUpNotice,
} from "../../../../netlify/lib/add-ons/follow-up/follow-up-notice";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { silenceConsole } from "../../../helpers/console";
import { NO_WAITS, REFUSED, scriptedMailer, TEST_CONFIG, VALID } from "../../../helpers/function-harness";

const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const AT = "2026-11-24T02:00:00.000Z";

test("a refused notice is logged with its recipient masked, and nothing is thrown", async () => {
  const errors = silenceConsole("error");
  const lead = newLead(ID, { ...VALID }, new Date("2026-11-24T01:00:00.000Z"));
  const followUp = {
    state: "claimed" as const,
    owner: { name: "Ben Lee", email: "ben.lee@example.com" },
    history: [{ at: AT, kind: "handed-over" as const, from: "Ana Smith", to: "Ben Lee" }],
  };
  const notice = buildFollowUpNotice(lead, followUp, "handed-over", TEST_CONFIG)!;
  const mailer = scriptedMailer([REFUSED]);
  await expect(sendFollowUpNotice(notice, mailer, NO_WAITS)).resolves.toBeUndefined();
  expect(mailer.calls).toBe(1);
  expect(errors.text()).toContain(
    `follow-up notice not accepted {"requestId":"${ID}","kind":"hand-over","to":"b***@e***.com","status":400`,
  );
  expect(errors.text()).not.toContain("ben.lee@example.com");
});
