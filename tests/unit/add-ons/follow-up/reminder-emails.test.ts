/**
 * @jest-environment node
 */
// The follow-up reminders in the one e-mail layout (docs/requirements.md#follow-up,
// docs/requirements.md#sales-tools): each a title, its words as before, the claim link as a button;
// times in BUSINESS_HOURS' zone with the zone named; the escalation names no prospect; the daily digest
// of leads held as spam (release links, autofilled first, floods as one entry) and suspected, within its bound.
import { parseBusinessHours } from "../../../../netlify/lib/kit/business-hours";
import { NEW_FOLLOW_UP } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import {
  buildDigestEmail,
  buildReminderEmail,
  DIGEST_SHOWN,
  reminderDetail,
} from "../../../../netlify/lib/add-ons/follow-up/reminder-emails";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { HONEYPOT_REASON, NO_TOKEN_REASON } from "../../../../netlify/lib/core/spam/spam";
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

const perthConfig = { ...TEST_CONFIG, followUp: perth };

test("the digest lists a suspected lead with its reason in words, local time and its own claim link", () => {
  const suspected = { ...lead, suspectedSpam: NO_TOKEN_REASON };
  const { subject, text, html } = buildDigestEmail(
    [{ lead: suspected, followUp: NEW_FOLLOW_UP, claimUrl }],
    "2026-11-24",
    perthConfig,
  );
  expect(subject).toBe("Held and suspected spam, Tue 24 Nov 2026: 0 held, 1 suspected");
  expect(text).toContain(
    [
      "Held and suspected spam",
      "",
      "1 demo request to check (Tue 24 Nov 2026): 0 held as spam, 1 suspected.",
      "",
      "Suspected spam",
      "",
      'They reached the sales inbox with "Suspected spam" in the subject; a real prospect may be among them.',
      "Claim any that is real, or close it as spam.",
      "",
      `Jane Driller (Acme Mining), ${VALID.email}`,
      "Suspected because: sent by a program, not from the site's form",
      `Received: Tue 24 Nov 2026, 09:00 GMT+8 (Australia/Perth), request id ${ID}`,
      `Claim or update this lead [${claimUrl}]`,
    ].join("\n"),
  );
  expect(text).not.toContain("Held as spam");
  expect(html.match(/<a /g)).toHaveLength(1);
});

describe("leads held as spam in the digest", () => {
  const at = (minute: number) => new Date(Date.parse("2026-11-24T01:00:00Z") + minute * 60_000);
  const held = (
    id: string,
    minute: number,
    options: { honeypot: string; email?: string; clientKey?: string },
  ) => {
    const request = { ...VALID, email: options.email ?? VALID.email };
    const verdict = { kind: "spam", reason: HONEYPOT_REASON } as const;
    return {
      lead: newLead(id, request, at(minute), { verdict, ...options }),
      followUp: NEW_FOLLOW_UP,
      releaseUrl: `https://resources.example/leads/${id}/release?sig=${id}`,
    };
  };
  // Oldest first, as the job gives them.
  const items = [
    held("plain", 0, { honeypot: "https://spam.example", clientKey: "a" }),
    ...[1, 2, 3].map((n) =>
      held(`bot-${n}`, n, { honeypot: "x", email: `bot${n}@b${n}.example`, clientKey: "bot" }),
    ),
    held("autofilled", 10, { honeypot: ` ${VALID.email.toUpperCase()} `, clientKey: "b" }),
    { lead: { ...lead, suspectedSpam: NO_TOKEN_REASON }, followUp: NEW_FOLLOW_UP, claimUrl },
  ];
  const { subject, text, html } = buildDigestEmail(items, "2026-11-24", perthConfig);

  test("say so in the subject and title, before the suspected ones", () => {
    expect(subject).toBe("Held and suspected spam, Tue 24 Nov 2026: 5 held, 1 suspected");
    expect(html).toMatch(/<h1[^>]*>Held and suspected spam<\/h1>/);
    expect(text).toContain("6 demo requests to check (Tue 24 Nov 2026): 5 held as spam, 1 suspected.");
    expect(text.indexOf("Held as spam")).toBeLessThan(text.indexOf("Suspected spam\n"));
  });

  test("come with their release links, those whose hidden field repeats another field first, a flood as one entry", () => {
    const links = [...html.matchAll(/\/leads\/([\w-]+)(\/release)?\?sig=/g)].map(([, id, release]) =>
      release ? `release ${id}` : `claim ${id}`,
    );
    expect(links).toEqual(["release autofilled", "release plain", "release bot-1", `claim ${ID}`]);
    expect(text).toContain(
      [
        `Jane Driller (Acme Mining), ${VALID.email}`,
        "Held because: a field people can't see was filled in, often by a password manager",
        "Probably a real person: the field people can't see repeats their Work Email, as a password manager does.",
        "Received: Tue 24 Nov 2026, 09:10 GMT+8 (Australia/Perth), request id autofilled",
        "Not spam? Release this lead [https://resources.example/leads/autofilled/release?sig=autofilled]",
      ].join("\n"),
    );
    expect(text.match(/Probably a real person/g)).toHaveLength(1);
    expect(text).toContain(
      "3 requests from one sender (the same network address), received Tue 24 Nov, 09:01 to",
    );
    expect(text).toContain("The other 2 are in the weekly summary's attachment.");
    // What the hidden field held is never shown.
    expect(text).not.toContain("spam.example");
  });
});

test("a digest of 1,000 leads of maximum length stays under 100 KB of HTML: held first, the oldest listed, the rest counted", () => {
  const suspectedSpam = `${NO_TOKEN_REASON}; disposable e-mail address (${"d".repeat(200)}.com)`;
  const at = (n: number) => new Date(Date.parse("2026-11-24T01:00:00Z") + n * 60_000);
  const items = Array.from({ length: 1_000 }, (_, n) => {
    const longest = longestLead(n, at(n));
    // Every held lead alone (its own client and domain) and autofilled: the longest entry a digest lists.
    const email = longest.request.email.replace("c".repeat(8), String(n).padStart(8, "0"));
    const lead =
      n % 2 === 0
        ? longestLead(n, at(n), {
            verdict: { kind: "spam", reason: `${HONEYPOT_REASON}; ${"r".repeat(200)}` },
            honeypot: email,
            clientKey: `client-${n}`,
          })
        : { ...longest, state: "sent" as const, suspectedSpam };
    return {
      lead: { ...lead, request: { ...lead.request, email } },
      followUp: NEW_FOLLOW_UP,
      claimUrl: `https://resources.example/leads/${lead.id}?sig=abc`,
      releaseUrl:
        lead.state === "spam" ? `https://resources.example/leads/${lead.id}/release?sig=abc` : undefined,
    };
  });
  const { subject, text, html } = buildDigestEmail(items, "2026-11-24", perthConfig);
  expect(Buffer.byteLength(html)).toBeLessThan(100_000);
  expect([...html.matchAll(/\/leads\/(lead-\d+)\/release\?sig=/g)].map(([, id]) => id)).toEqual(
    items
      .filter((_, n) => n % 2 === 0)
      .slice(0, DIGEST_SHOWN)
      .map(({ lead: { id } }) => id),
  );
  expect(html).not.toMatch(/\/leads\/lead-\d+\?sig=/);
  expect(subject).toBe("Held and suspected spam, Tue 24 Nov 2026: 500 held, 500 suspected");
  for (const body of [html.replace(/&#x27;/g, "'"), text]) {
    expect(body).toContain("1000 demo requests to check (Tue 24 Nov 2026): 500 held as spam, 500 suspected.");
    expect(body).toContain(`…and ${500 - DIGEST_SHOWN} more held requests, not listed here`);
    expect(body).toContain("…and 500 more suspected and unclaimed");
  }
});
