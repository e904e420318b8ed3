/**
 * Times as sales reads them (docs/decisions/0037-email-layout.md): in the team's zone, with the zone
 * named, never raw UTC ISO.
 */
import { DateTime } from "luxon";

/**
 * `at` (a Date or ISO string) in `zone` (an IANA name such as "Australia/Perth"; UTC without one), e.g.
 * "Fri 27 Nov 2026, 16:04 GMT+8 (Australia/Perth)" or "Fri 27 Nov 2026, 08:04 UTC".
 */
export function localTime(at: Date | string, zone?: string): string {
  const time = DateTime.fromJSDate(new Date(at), { zone: zone ?? "UTC" }).setLocale("en-GB");
  const named = zone && zone !== "UTC" ? ` (${zone})` : "";
  return `${time.toFormat("ccc d LLL yyyy, HH:mm ZZZZ")}${named}`;
}
