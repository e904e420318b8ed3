/**
 * The weekly summary on the lead webhook (docs/decisions/0038-weekly-summary.md): `summary.weekly` in the
 * standard format, or the headline figures for Slack and Teams; no visitor text.
 */
import type { LeadWebhookConfig } from "../webhook/settings";
import { formatRequest } from "../webhook/post-lead-event";
import { slackFieldsMessage } from "../webhook/slack";
import { teamsLinesMessage } from "../webhook/teams";
import { weekName } from "./business-hours";
import type { WeekFigures, WeeklySummary } from "./summary";
import { minutesText, shareText } from "./summary-email";

/** The summary's event for the lead webhook, no visitor text: start and end ISO 8601 UTC, `complete` false while running. */
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

/** The headline lines, each `[label, this week (week before: ...)]`. */
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

const CLOSING = "The full summary, with the week's leads attached, went to the sales inbox.";

/** The webhook attempt made at `now` in the configured format; throws only for `standard` without a secret. */
export function summaryWebhookRequest(
  event: WeeklySummaryEvent,
  settings: Pick<LeadWebhookConfig, "format" | "secret">,
  now: Date,
) {
  const title = `Week at a glance, ${weekName(event.week, now)}${event.complete ? "" : " so far"}`;
  const headlines = summaryHeadlines(event);
  // One id per week, so a receiver drops a repeat.
  return formatRequest(`summary.${event.week}`, settings, now, {
    standard: () => ({ type: "summary.weekly", timestamp: now.toISOString(), data: event }),
    slack: () =>
      slackFieldsMessage(
        `${title}: ${event.figures.leads} leads, ${event.stillOpen} still open`,
        title,
        headlines.map(([label, value]) => ({ label, value })),
        CLOSING,
      ),
    teams: () =>
      teamsLinesMessage(
        title,
        headlines.map(([label, value]) => `${label}: ${value}`),
        CLOSING,
      ),
  });
}
