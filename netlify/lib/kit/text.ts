/** Text for e-mails and pages: times as sales reads them, in the team's zone, named (docs/decisions/0037-email-layout.md). */
import { DateTime } from "luxon";

/** Collapses CR/LF (and other line breaks) to single spaces, for e-mail subjects. */
export function singleLine(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029]+/g, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** `value` cut to at most `max` characters (UTF-16 units), ending in "…" when cut; never inside a surrogate pair. */
export function shortText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}\u2026`;
}

/** Whole `minutes` in short words, e.g. 185 -> "3 h 5 min"; negative reads "0 min". */
export function durationInWords(minutes: number): string {
  const whole = Math.max(0, minutes);
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${whole % 60} min`;
  return `${whole} min`;
}

/** The phone as a `tel:` URI (RFC 3966: digits, a leading +), up to any extension; undefined without one. */
export function telHref(phone: string): string | undefined {
  const main = phone.split(/[A-Za-z;,]/)[0];
  const digits = main.replace(/\D/g, "");
  if (digits.length < 3) return undefined;
  return `tel:${main.trim().startsWith("+") ? "+" : ""}${digits}`;
}

/** The address as a `mailto:` URI, both parts percent-encoded so no "?" or "&" can add a header (RFC 6068); undefined without an "@". */
export function mailtoHref(address: string): string | undefined {
  const at = address.lastIndexOf("@");
  if (at < 0) return undefined;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}

/**
 * `address` cut after each "@" and ".", where a narrow screen may break its line, e.g. "ana@acme.com.au" ->
 * ["ana@", "acme.", "com.", "au"]; joined they are `address` again (docs/decisions/0037-email-layout.md).
 */
export function addressParts(address: string): string[] {
  return address.split(/(?<=[@.])/);
}

/** `at` (a Date or ISO string) in IANA `zone` (UTC without one), e.g. "Fri 27 Nov 2026, 16:04 GMT+8 (Australia/Perth)". */
export function localTime(at: Date | string, zone?: string): string {
  const time = DateTime.fromJSDate(new Date(at), { zone: zone ?? "UTC" }).setLocale("en-GB");
  const named = zone && zone !== "UTC" ? ` (${zone})` : "";
  return `${time.toFormat("ccc d LLL yyyy, HH:mm ZZZZ")}${named}`;
}

/** The time of day of `at` in IANA `zone` (UTC without one), e.g. "16:04": for a line about what just happened. */
export const clockTime = (at: Date | string, zone?: string): string =>
  DateTime.fromJSDate(new Date(at), { zone: zone ?? "UTC" }).toFormat("HH:mm");
