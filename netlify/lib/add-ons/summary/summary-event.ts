/**
 * The weekly summary for the team's channel (docs/decisions/0038-weekly-summary.md): its figures as `summary.weekly`
 * for a machine receiver, and its headline figures for people; no visitor text.
 */
import type { TeamNotice } from "../../core/add-on";
import { weekName } from "../../kit/business-hours";
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

/** The summary as a notice for the team's channel, titled as of `now`; one id per week, so a receiver drops a repeat. */
export function summaryNotice(event: WeeklySummaryEvent, now: Date): TeamNotice {
  const title = `Week at a glance, ${weekName(event.week, now)}${event.complete ? "" : " so far"}`;
  return {
    id: `summary.${event.week}`,
    type: "summary.weekly",
    data: event,
    title,
    fallback: `${title}: ${event.figures.leads} leads, ${event.stillOpen} still open`,
    lines: summaryHeadlines(event),
    closing: "The full summary, with the week's leads attached, went to the sales inbox.",
  };
}
