/**
 * The weekly summary on the lead webhook (docs/decisions/0038-weekly-summary.md): `summary.weekly` with the
 * figures, or the headline figures in Slack and Teams. Figures only: no visitor text goes with it.
 */
import type { LeadWebhookConfig } from "../../core/config";
import type { RetryOptions, SendResult } from "../../core/delivery/send-result";
import { minutesText, shareText, type WeekFigures } from "../follow-up/summary";
import { postWithRetries, standardRequest, type WebhookRequest } from "./post-lead-event";
import { adaptiveCardMessage } from "./teams";

export interface WeeklySummaryEvent {
  week: string;
  /** The week's first instant and the next week's, ISO 8601 UTC. */
  start: string;
  end: string;
  /** False for a week still running. */
  complete: boolean;
  figures: WeekFigures;
  weekBefore: WeekFigures;
  stillOpen: number;
  heldAsSpam: number;
}

/** The `webhook-id`: one per week, so a receiver drops a repeat. */
export const summaryEventId = (event: WeeklySummaryEvent) => `summary.${event.week}`;

/** The title, e.g. "Week at a glance 2026-W48". */
export const summaryTitle = (event: WeeklySummaryEvent) =>
  `Week at a glance ${event.week}${event.complete ? "" : " so far"}`;

/** The headline lines, each `[label, this week (the week before)]`. */
export function summaryHeadlines(event: WeeklySummaryEvent): [label: string, value: string][] {
  const { figures: f, weekBefore: b } = event;
  const beside = (now: string, before: string) => `${now} (week before: ${before})`;
  return [
    ["Leads received", beside(String(f.leads), String(b.leads))],
    [
      "Median time to claim",
      beside(minutesText(f.medianMinutesToClaim), minutesText(b.medianMinutesToClaim)),
    ],
    ["24-hour promise kept", beside(shareText(f.keptWithin24Hours), shareText(b.keptWithin24Hours))],
    ["Booked", beside(shareText(f.bookedShare), shareText(b.bookedShare))],
    ["Still open", String(event.stillOpen)],
    ["Held as spam", String(event.heldAsSpam)],
  ];
}

const CLOSING = "The full summary, with every lead, went to the sales inbox.";

/** The Slack message: a header, the headline figures as fields, and where the rest went. */
export function summarySlackMessage(event: WeeklySummaryEvent) {
  const title = summaryTitle(event);
  const fields = summaryHeadlines(event).flatMap(([label, value]) => [
    { type: "mrkdwn" as const, text: `*${label}*` },
    { type: "plain_text" as const, text: value, emoji: false },
  ]);
  return {
    text: `${title}: ${event.figures.leads} leads, ${event.stillOpen} still open`,
    blocks: [
      { type: "header", text: { type: "plain_text", text: title, emoji: false } },
      { type: "section", fields: fields.slice(0, 10) },
      ...(fields.length > 10 ? [{ type: "section", fields: fields.slice(10) }] : []),
      { type: "context", elements: [{ type: "plain_text", text: CLOSING, emoji: false }] },
    ],
    mrkdwn: false,
    unfurl_links: false,
    unfurl_media: false,
  };
}

/** The Teams workflow message: one Adaptive Card 1.4 of our own words. */
export function summaryTeamsMessage(event: WeeklySummaryEvent) {
  const line = (text: string, bold = false) => ({
    type: "TextBlock",
    text,
    wrap: true,
    ...(bold ? { weight: "Bolder", size: "Medium" } : {}),
  });
  const body = [
    line(summaryTitle(event), true),
    ...summaryHeadlines(event).map(([label, value]) => line(`${label}: ${value}`)),
    line(CLOSING),
  ];
  return adaptiveCardMessage(body);
}

/** The attempt made at `now` in the configured format; throws only for `standard` without a secret. */
export function summaryWebhookRequest(
  event: WeeklySummaryEvent,
  settings: Pick<LeadWebhookConfig, "format" | "secret">,
  now: Date,
): WebhookRequest {
  const id = summaryEventId(event);
  if (settings.format === "standard") {
    const payload = { type: "summary.weekly", timestamp: now.toISOString(), data: event };
    return standardRequest(id, payload, settings, now);
  }
  const message = settings.format === "slack" ? summarySlackMessage(event) : summaryTeamsMessage(event);
  return { body: JSON.stringify(message), headers: { "content-type": "application/json", "webhook-id": id } };
}

/** Posts `event` to the configured webhook with the usual retries; never throws. */
export function postWeeklySummary(
  event: WeeklySummaryEvent,
  settings: LeadWebhookConfig,
  now: () => Date,
  retry?: RetryOptions,
): Promise<SendResult & { attempts: number }> {
  return postWithRetries(settings, (at) => summaryWebhookRequest(event, settings, at), now, retry);
}
