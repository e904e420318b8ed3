/**
 * Leads as large as the form and the attribution allow, in the characters that cost most: apostrophes (6 bytes each
 * once escaped in HTML) in what an e-mail lists, and CJK (3 bytes each in UTF-8) in what only the CSV holds. For the
 * bounds of the weekly summary and the digest (docs/decisions/0038-weekly-summary.md).
 */
import { newLead, type LeadRecord } from "../../netlify/lib/core/leads/lead-record";
import { ATTRIBUTION_KEYS, ATTRIBUTION_MAX_LENGTH } from "../../src/lib/attribution";
import { DEMO_REQUEST_FIELDS, type DemoRequestField } from "../../src/lib/demo-request";

const limit = (name: DemoRequestField) => DEMO_REQUEST_FIELDS.find((row) => row.name === name)!.limit;
const listed = (length: number) => "'".repeat(length);
const unlisted = (length: number) => "鉱".repeat(length);

/** A 255-character address, `n` making it unique: a 64-character local part, the rest a long domain. */
export function longestEmail(n: number): string {
  const local = `${listed(56)}${String(n).padStart(8, "0")}`;
  const domain = `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(limit("email") - 64 - 1 - 128 - 4)}.com`;
  return `${local}@${domain}`;
}

/** Lead `n`, received at `at`, every field at its limit; `options` as `newLead` takes them. */
export function longestLead(n: number, at: Date, options: Parameters<typeof newLead>[3] = {}): LeadRecord {
  const request = {
    firstName: listed(limit("firstName")),
    lastName: listed(limit("lastName")),
    email: longestEmail(n),
    phone: unlisted(limit("phone")),
    company: listed(limit("company")),
    message: unlisted(limit("message")),
  };
  const attribution = Object.fromEntries(
    ATTRIBUTION_KEYS.map((key) => [
      key,
      key === "utm_source" ? listed(ATTRIBUTION_MAX_LENGTH) : unlisted(ATTRIBUTION_MAX_LENGTH),
    ]),
  );
  return newLead(`lead-${String(n).padStart(6, "0")}`, request, at, { attribution, ...options });
}
