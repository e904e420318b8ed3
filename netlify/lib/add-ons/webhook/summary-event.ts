/** The weekly summary's figures on the lead webhook, no visitor text (docs/decisions/0038-weekly-summary.md). */
import type { LeadWebhookConfig } from "../../core/config";
import type { RetryOptions, SendResult } from "../../core/delivery/send-result";
import { minutesText, shareText } from "../follow-up/summary-email";
import type { WeekFigures, WeeklySummary } from "../follow-up/summary";
import { postWithRetries, formatRequest, type WebhookRequest } from "./post-lead-event";
import { slackFieldsMessage } from "./slack";
import { adaptiveCardMessage } from "./teams";

/** The event of `summary`: start and end ISO 8601 UTC, `complete` false for a week still running. */
export const summaryEvent = (summary: WeeklySummary) => ({
  week: summary.week,
  start: summary.start.toISOString(),
  end: summary.end.toISOString(),
  complete: summary.now >= summary.end,
  figures: summary.figures,
  weekBefore: summary.weekBefore,
  stillOpen: summary.stillOpen,
  heldAsSpam: summary.held.length,
});

export type WeeklySummaryEvent = ReturnType<typeof summaryEvent>;

const summaryTitle = (event: WeeklySummaryEvent) =>
  `Week at a glance ${event.week}${event.complete ? "" : " so far"}`;

/** The headline lines, each `[label, this week (the week before)]`. */
export function summaryHeadlines(event: WeeklySummaryEvent): [label: string, value: string][] {
  const beside = (label: string, show: (figures: WeekFigures) => string): [string, string] => [
    label,
    `${show(event.figures)} (week before: ${show(event.weekBefore)})`,
  ];
  return [
    beside("Leads received", (f) => String(f.leads)),
    beside("Median time to claim", (f) => minutesText(f.medianMinutesToClaim)),
    beside("24-hour promise kept", (f) => shareText(f.keptWithin24Hours)),
    beside("Booked", (f) => shareText(f.bookedShare)),
    ["Still open", String(event.stillOpen)],
    ["Held as spam", String(event.heldAsSpam)],
  ];
}

const CLOSING = "The full summary, with every lead, went to the sales inbox.";

function summarySlackMessage(event: WeeklySummaryEvent) {
  const title = summaryTitle(event);
  const rows = summaryHeadlines(event).map(([label, value]) => ({ label, value }));
  const text = `${title}: ${event.figures.leads} leads, ${event.stillOpen} still open`;
  return slackFieldsMessage(text, title, rows, CLOSING);
}

// One Adaptive Card 1.4 of our own words.
function summaryTeamsMessage(event: WeeklySummaryEvent) {
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
  // One id per week, so a receiver drops a repeat.
  return formatRequest(`summary.${event.week}`, settings, now, {
    standard: () => ({ type: "summary.weekly", timestamp: now.toISOString(), data: event }),
    slack: () => summarySlackMessage(event),
    teams: () => summaryTeamsMessage(event),
  });
}

/** Posts `summary`'s event to the configured webhook with the usual retries; never throws. */
export function postWeeklySummary(
  summary: WeeklySummary,
  settings: LeadWebhookConfig,
  now: () => Date,
  retry?: RetryOptions,
): Promise<SendResult & { attempts: number }> {
  const event = summaryEvent(summary);
  return postWithRetries(settings, (at) => summaryWebhookRequest(event, settings, at), now, retry);
}
