/** Times as sales reads them, in the team's zone and named, never raw UTC ISO (docs/decisions/0037-email-layout.md). */
import { DateTime } from "luxon";

/** `at` (a Date or ISO string) in IANA `zone` (UTC without one), e.g. "Fri 27 Nov 2026, 16:04 GMT+8 (Australia/Perth)". */
export function localTime(at: Date | string, zone?: string): string {
  const time = DateTime.fromJSDate(new Date(at), { zone: zone ?? "UTC" }).setLocale("en-GB");
  const named = zone && zone !== "UTC" ? ` (${zone})` : "";
  return `${time.toFormat("ccc d LLL yyyy, HH:mm ZZZZ")}${named}`;
}
