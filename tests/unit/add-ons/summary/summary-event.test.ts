/**
 * @jest-environment node
 */
// The weekly summary on the lead webhook (docs/decisions/0038-weekly-summary.md): `summary.weekly` in the
// standard format, signed, with the figures; Slack and Teams get the headline figures and the count
// still open, all of it our own words.
import { Webhook } from "standardwebhooks";
import {
  summaryHeadlines,
  summaryNotice,
  type WeeklySummaryEvent,
} from "../../../../netlify/lib/add-ons/summary/summary-event";
import { noticeRequest } from "../../../../netlify/lib/add-ons/webhook/post-lead-event";

/** The summary's notice as the lead webhook posts it at `now`. */
const summaryWebhookRequest = (
  event: WeeklySummaryEvent,
  settings: Parameters<typeof noticeRequest>[1],
  now: Date,
) => noticeRequest(summaryNotice(event, now), settings, now);

const figures = (leads: number, median: number | null, kept: number | null, booked: number) => ({
  leads,
  claimed: leads,
  medianMinutesToClaim: median,
  p90MinutesToClaim: median,
  keptWithin24Hours: kept,
  booked,
  bookedShare: leads ? booked / leads : null,
  bookedByInboxOnly: 0,
});

const EVENT: WeeklySummaryEvent = {
  week: "2026-W48",
  start: "2026-11-22T16:00:00.000Z",
  end: "2026-11-29T16:00:00.000Z",
  complete: true,
  figures: figures(14, 8.2, 0.9, 3),
  weekBefore: figures(9, 12, 0.85, 1),
  stillOpen: 3,
  heldAsSpam: 1,
};
const NOW = new Date("2026-11-30T00:00:00.000Z");
const SECRET = "whsec_ZTJlLXdlYmhvb2stc2VjcmV0LW9mLXRoaXJ0eS10d28=";

test("standard: a signed `summary.weekly` event with every figure, one webhook-id per week", () => {
  // Signed now: a verifier refuses a timestamp more than five minutes away.
  const at = new Date();
  const request = summaryWebhookRequest(EVENT, { format: "standard", secret: SECRET }, at);
  expect(request.headers["webhook-id"]).toBe("summary.2026-W48");
  const verified = new Webhook(SECRET).verify(request.body, request.headers) as Record<string, unknown>;
  expect(verified).toEqual({ type: "summary.weekly", timestamp: at.toISOString(), data: EVENT });
});

test("the headline figures beside the week before, and the counts still open and held", () => {
  expect(summaryHeadlines(EVENT)).toEqual([
    ["Leads received", "14 (week before: 9)"],
    ["Median time to claim", "8 min (week before: 12 min)"],
    ["24-hour promise kept", "90% (week before: 85%)"],
    ["Booked", "21% (week before: 11%)"],
    ["Still open", "3"],
    ["Held as spam", "1"],
  ]);
});

test("Slack: a header and the headline figures as plain text, nothing unfurled", () => {
  const message = JSON.parse(summaryWebhookRequest(EVENT, { format: "slack" }, NOW).body) as {
    text: string;
    blocks: { fields?: unknown[] }[];
  };
  expect(message.text).toBe("Week at a glance, week of Mon 23 Nov: 14 leads, 3 still open");
  expect(message).toMatchObject({ mrkdwn: false, unfurl_links: false, unfurl_media: false });
  expect(message.blocks[0]).toEqual({
    type: "header",
    text: { type: "plain_text", text: "Week at a glance, week of Mon 23 Nov", emoji: false },
  });
  expect(message.blocks[1].fields).toContainEqual({ type: "plain_text", text: "3", emoji: false });
  expect(JSON.stringify(message)).toContain("14 (week before: 9)");
});

test("Teams: one Adaptive Card with the headline figures", () => {
  const message = JSON.parse(
    summaryWebhookRequest({ ...EVENT, complete: false }, { format: "teams" }, NOW).body,
  ) as { attachments: { content: { body: { text: string }[] } }[] };
  const body = message.attachments[0].content.body as { text: string }[];
  expect(body[0].text).toBe("Week at a glance, week of Mon 23 Nov so far");
  expect(body.map((block) => block.text)).toContain("Still open: 3");
  expect(body.map((block) => block.text)).toContain("Leads received: 14 (week before: 9)");
});

test("a week of another year than the message's is named with its year", () => {
  const message = JSON.parse(
    summaryWebhookRequest(
      { ...EVENT, week: "2026-W53" },
      { format: "slack" },
      new Date("2027-01-04T00:00:00Z"),
    ).body,
  ) as { text: string };
  expect(message.text).toBe("Week at a glance, week of Mon 28 Dec 2026: 14 leads, 3 still open");
});
