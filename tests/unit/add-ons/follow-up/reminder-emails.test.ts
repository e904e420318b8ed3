/**
 * @jest-environment node
 */
// The follow-up reminders in the one e-mail layout (docs/requirements.md#follow-up,
// docs/requirements.md#sales-tools): each a title, its words as before, the claim link as a button;
// times in BUSINESS_HOURS' zone with the zone named; the escalation names no prospect.
import { parseBusinessHours } from "../../../../netlify/lib/add-ons/follow-up/business-hours";
import { NEW_FOLLOW_UP } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import {
  buildDigestEmail,
  buildReminderEmail,
  DIGEST_SHOWN,
  reminderDetail,
} from "../../../../netlify/lib/add-ons/follow-up/reminder-emails";
import { NO_TOKEN_REASON } from "../../../../netlify/lib/core/spam/spam";
import { leadRecord, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { longestLead } from "../../../helpers/longest-lead";

const ID = "0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";
const lead = leadRecord(ID, "sent", { receivedAt: "2026-11-24T01:00:00.000Z" });
const claimUrl = `https://resources.example/leads/${ID}?sig=abc`;
const perth = {
  ...TEST_CONFIG.followUp,
  businessHours: parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth"),
};

test("a nudge: title, its words, the lead's status in local time, then the claim button", () => {
  const item = { lead, followUp: NEW_FOLLOW_UP, claimUrl };
  const detail = reminderDetail("nudge", lead, NEW_FOLLOW_UP, perth);
  const { subject, text, html } = buildReminderEmail("nudge", item, detail, {
    ...TEST_CONFIG,
    followUp: perth,
  });
  expect(subject).toBe("Unclaimed demo request: Jane Driller (Acme Mining)");
  expect(text).toContain(
    [
      "Unclaimed demo request",
      "",
      `Demo request ${ID} has not been claimed after 15 minutes of business hours.`,
      "",
      "Prospect: Jane Driller (Acme Mining)",
      "Received: Tue 24 Nov 2026, 09:00 GMT+8 (Australia/Perth)",
      "Follow-up: new",
      "Owner: nobody yet",
      "",
      `Claim or update this lead [${claimUrl}]`,
    ].join("\n"),
  );
  expect(html).toMatch(/<h1[^>]*>Unclaimed demo request<\/h1>/);
  expect(html).toContain(`<a href="${claimUrl}" style="line-height:20px`);
});

test("the escalation carries the same status and button but no prospect, and reads UTC without BUSINESS_HOURS", () => {
  const detail = reminderDetail("escalation", lead, NEW_FOLLOW_UP, TEST_CONFIG.followUp);
  const email = buildReminderEmail(
    "escalation",
    { lead, followUp: NEW_FOLLOW_UP, claimUrl },
    detail,
    TEST_CONFIG,
  );
  expect(email.to).toBe(TEST_CONFIG.followUp.escalationEmail);
  expect(email.text).toContain("Received: Tue 24 Nov 2026, 01:00 UTC\nFollow-up: new\nOwner: nobody yet");
  expect(email.text).toContain(`Claim or update this lead [${claimUrl}]`);
  for (const typed of Object.values(VALID).filter(Boolean)) {
    expect(`${email.subject}\n${email.text}\n${email.html}`).not.toContain(typed);
  }
});

test("the digest lists each lead with its reason, local time and its own claim link", () => {
  const suspected = { ...lead, suspectedSpam: "form token missing" };
  const { text, html } = buildDigestEmail(
    [{ lead: suspected, followUp: NEW_FOLLOW_UP, claimUrl }],
    "2026-11-24",
    {
      ...TEST_CONFIG,
      followUp: perth,
    },
  );
  expect(text).toContain(
    [
      "Suspected spam digest",
      "",
      "1 demo request(s) suspected as spam and not yet claimed (2026-11-24).",
      'They reached the sales inbox with "Suspected spam" in the subject; a real prospect may be among them.',
      "Claim any that is real, or close it as spam.",
      "",
      `Jane Driller (Acme Mining), ${VALID.email}`,
      "Suspected because: form token missing",
      `Received: Tue 24 Nov 2026, 09:00 GMT+8 (Australia/Perth), request id ${ID}`,
      `Claim or update this lead [${claimUrl}]`,
    ].join("\n"),
  );
  expect(html.match(/<a /g)).toHaveLength(1);
});

test("a digest of 1,000 leads of maximum length stays under 100 KB of HTML: the oldest listed, the rest counted", () => {
  const suspectedSpam = `${NO_TOKEN_REASON}; disposable e-mail address (${"d".repeat(200)}.com)`;
  const items = Array.from({ length: 1_000 }, (_, n) => {
    const suspected = {
      ...longestLead(n, new Date(Date.parse("2026-11-24T01:00:00Z") + n * 60_000)),
      suspectedSpam,
    };
    return {
      lead: suspected,
      followUp: NEW_FOLLOW_UP,
      claimUrl: `https://resources.example/leads/${suspected.id}?sig=abc`,
    };
  });
  const { subject, text, html } = buildDigestEmail(items, "2026-11-24", { ...TEST_CONFIG, followUp: perth });
  expect(Buffer.byteLength(html)).toBeLessThan(100_000);
  expect([...html.matchAll(/\/leads\/(lead-\d+)\?sig=/g)].map(([, id]) => id)).toEqual(
    items.slice(0, DIGEST_SHOWN).map(({ lead: { id } }) => id),
  );
  expect(subject).toBe("Suspected spam digest 2026-11-24: 1000 demo request(s) to check");
  for (const body of [html, text]) {
    expect(body).toContain("1000 demo request(s) suspected as spam and not yet claimed (2026-11-24).");
    expect(body).toContain(
      `…and ${(1_000 - DIGEST_SHOWN).toLocaleString("en-GB")} more suspected and unclaimed`,
    );
  }
});
