/**
 * BUSINESS_HOURS (e.g. `Mon-Fri 08:00-17:00 Australia/Perth`) for the follow-up clocks and the time to claim, and
 * the ISO weeks the report and weekly summary count in its zone (docs/decisions/0029-lead-follow-up.md,
 * 0038-weekly-summary.md, 0048-summary-plugin.md); Luxon applies the zone's daylight-saving rules.
 */
import { DateTime, IANAZone } from "luxon";

/** `days` are ISO weekdays (1 = Monday); times are minutes after local midnight. */
export interface BusinessHours {
  days: ReadonlySet<number>;
  openMinute: number;
  closeMinute: number;
  zone: string;
}

const DAY_NAMES = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const MINUTE = 60_000;
const WEEK_FORMAT = "kkkk-'W'WW";
const TIME = String.raw`([01]\d|2[0-4]):([0-5]\d)`;
const BUSINESS_HOURS = new RegExp(String.raw`^(\S+)\s+${TIME}-${TIME}\s+(\S+)$`);

const dayNumber = (name: string) => DAY_NAMES.indexOf(name.toLowerCase()) + 1 || undefined;

/** `Mon-Fri` (a range, wrapping over Sunday when it must), `Sat` or `Mon,Wed,Fri`; undefined when malformed. */
function parseDays(text: string): Set<number> | undefined {
  const days = new Set<number>();
  for (const part of text.split(",")) {
    const [from, to, extra] = part.split("-");
    const start = dayNumber(from);
    const end = to === undefined ? start : dayNumber(to);
    if (start === undefined || end === undefined || extra !== undefined) return undefined;
    for (let day = start; ; day = (day % 7) + 1) {
      days.add(day);
      if (day === end) break;
    }
  }
  return days;
}

/** Parses a BUSINESS_HOURS value; undefined for an unknown day or zone, or a window past 24:00. */
export function parseBusinessHours(value: string): BusinessHours | undefined {
  const match = BUSINESS_HOURS.exec(value.trim());
  if (!match) return undefined;
  const [, dayText, openHour, openMin, closeHour, closeMin, zone] = match;
  const days = parseDays(dayText);
  const openMinute = Number(openHour) * 60 + Number(openMin);
  const closeMinute = Number(closeHour) * 60 + Number(closeMin);
  if (!days || openMinute >= closeMinute || closeMinute > 24 * 60 || !IANAZone.isValidZone(zone))
    return undefined;
  return { days, openMinute, closeMinute, zone };
}

function windowOn(day: DateTime, hours: BusinessHours): [DateTime, DateTime] {
  const at = (minute: number) =>
    minute === 24 * 60
      ? day.plus({ days: 1 }).startOf("day")
      : day.set({ hour: Math.floor(minute / 60), minute: minute % 60, second: 0, millisecond: 0 });
  return [at(hours.openMinute), at(hours.closeMinute)];
}

/**
 * Minutes (fractional) from a lead's clock `start` (its arrival or release, ISO) to its first touch `touchedAt`:
 * business minutes within `hours`, else calendar minutes; undefined while nobody has touched it.
 */
export function minutesToClaim(start: string, touchedAt: string | undefined, hours?: BusinessHours) {
  return touchedAt ? businessMinutesBetween(hours, new Date(start), new Date(touchedAt)) : undefined;
}

/**
 * Minutes from `from` to `to` inside `hours` (calendar minutes without); 0 when `to` is not after `from`.
 * A clock-change day counts the window's real length.
 */
export function businessMinutesBetween(hours: BusinessHours | undefined, from: Date, to: Date): number {
  const total = to.getTime() - from.getTime();
  if (total <= 0) return 0;
  if (!hours) return total / MINUTE;
  const end = DateTime.fromJSDate(to, { zone: hours.zone });
  let day = DateTime.fromJSDate(from, { zone: hours.zone }).startOf("day");
  let counted = 0;
  while (day <= end) {
    if (hours.days.has(day.weekday)) {
      const [open, close] = windowOn(day, hours);
      const start = Math.max(open.toMillis(), from.getTime());
      const stop = Math.min(close.toMillis(), to.getTime());
      if (stop > start) counted += stop - start;
    }
    day = day.plus({ days: 1 }).startOf("day");
  }
  return counted / MINUTE;
}

/** True when `at` falls inside `hours` (always, without hours). */
export function isWithinBusinessHours(hours: BusinessHours | undefined, at: Date): boolean {
  if (!hours) return true;
  const local = DateTime.fromJSDate(at, { zone: hours.zone });
  if (!hours.days.has(local.weekday)) return false;
  const [open, close] = windowOn(local.startOf("day"), hours);
  return open.toMillis() <= at.getTime() && at.getTime() < close.toMillis();
}

/** The calendar date (YYYY-MM-DD) of `at` in the hours' zone, or in UTC without hours. */
export function localDate(hours: BusinessHours | undefined, at: Date): string {
  return DateTime.fromJSDate(at, { zone: hours?.zone ?? "utc" }).toISODate() ?? at.toISOString().slice(0, 10);
}

/** BUSINESS_HOURS' zone, else UTC, as the report counts weeks. */
export const zoneOf = (hours?: BusinessHours) => hours?.zone ?? "utc";

/** The ISO week (e.g. "2026-W53") of `at` in `zone`. */
export function weekOf(at: Date | string, zone: string): string {
  return DateTime.fromJSDate(new Date(at), { zone }).toFormat(WEEK_FORMAT);
}

// Invalid for a week that does not exist (2026-W54).
function mondayOf(week: string, zone: string): DateTime {
  const [weekYear, weekNumber] = week.split("-W").map(Number);
  return DateTime.fromObject({ weekYear, weekNumber, weekday: 1 }, { zone });
}

/** `week` as the sales team reads it, "week of Mon 30 Nov", with the year when it is not `now`'s (UTC). */
export function weekName(week: string, now: Date): string {
  const monday = mondayOf(week, "utc").setLocale("en-GB");
  return `week of ${monday.toFormat(monday.year === now.getUTCFullYear() ? "ccc d LLL" : "ccc d LLL yyyy")}`;
}

/** `text` when it names an existing ISO week as YYYY-Www, else undefined. */
export function parseWeek(text: string): string | undefined {
  return /^\d{4}-W\d{2}$/.test(text) && mondayOf(text, "utc").isValid ? text : undefined;
}

/** The week's first instant and the next week's (exclusive), in `zone`: 167 to 169 hours across a clock change. */
export function weekBounds(week: string, zone: string): { start: Date; end: Date } {
  const monday = mondayOf(week, zone);
  return { start: monday.toJSDate(), end: monday.plus({ weeks: 1 }).toJSDate() };
}

/** The week `by` weeks after `week` (before it when negative). */
export function shiftWeek(week: string, by: number, zone: string): string {
  return mondayOf(week, zone).plus({ weeks: by }).toFormat(WEEK_FORMAT);
}
