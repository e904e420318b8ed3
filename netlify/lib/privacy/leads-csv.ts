/**
 * Stored demo requests as CSV for the sales team (docs/requirements.md#durable-capture;
 * `npm run leads:export`): RFC 4180 (CRLF line ends, every field quoted, quotes doubled) and neutralised
 * against spreadsheet formula injection: a value whose first non-space character, after Unicode NFKC
 * normalisation, is = + - @ (or tab/CR) gets a leading apostrophe (`neutraliseFormula`).
 * The six request columns come from the field table (src/lib/demo-request.ts), the source columns from the
 * attribution keys (src/lib/attribution.ts).
 */
import { ATTRIBUTION_KEYS, DEMO_REQUEST_FIELDS } from "../../../src/lib/demo-request";
import type { LeadRecord } from "../leads/lead-record";

/**
 * The header row: the lead's id, time and state, the six fields, its sales e-mail's delivery,
 * then the spam layers' reasons, so sales can find and recover a request a defence held back,
 * then where the visit came from (empty without a recorded source).
 */
export const CSV_COLUMNS: readonly string[] = [
  "id",
  "receivedAt",
  "state",
  ...DEMO_REQUEST_FIELDS.map((row) => row.name),
  "attempts",
  "sentAt",
  "lastError",
  // Why a spam layer held the request back (state `spam`) or suspects it.
  "spamReason",
  "suspectedSpam",
  // Where the visit came from.
  ...ATTRIBUTION_KEYS,
];

// Leading white space a spreadsheet may skip before it reads a formula (everything `\s` matches but
// the tab and carriage return, which start a formula themselves), then a formula's first character.
const FORMULA_START = /^[^\S\t\r]*[=+\-@\t\r]/u;

/**
 * Neutralises a CSV cell against formula injection (docs/requirements.md#durable-capture: exports
 * are formula-safe): when the first character that is not a space, after Unicode NFKC
 * normalisation (so a full-width `＝` counts as `=`), is `=`, `+`, `-`, `@`, a tab or a carriage
 * return, the value gets a leading apostrophe and is otherwise kept exactly as it was, nothing a
 * person typed lost: `"=1+1"` -> `"'=1+1"`, `" =HYPERLINK(1)"` -> `"' =HYPERLINK(1)"`,
 * `"＝SUM(1,1)"` -> `"'＝SUM(1,1)"`. Other values are returned unchanged; never throws.
 */
export function neutraliseFormula(value: string): string {
  // The raw value too: normalising may fold a sign into its neighbour (`=` + U+0338 -> `≠`).
  return FORMULA_START.test(value) || FORMULA_START.test(value.normalize("NFKC")) ? `'${value}` : value;
}

function field(value: unknown): string {
  const text = neutraliseFormula(typeof value === "string" || typeof value === "number" ? String(value) : "");
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV row's values by column name. */
function flatten(record: LeadRecord): Record<string, unknown> {
  return {
    ...record.attribution,
    ...record.request,
    id: record.id,
    receivedAt: record.receivedAt,
    state: record.state,
    attempts: record.deliveries.sales.attempts,
    sentAt: record.deliveries.sales.sentAt,
    lastError: record.deliveries.sales.lastError,
    spamReason: record.spamReason,
    suspectedSpam: record.suspectedSpam,
  };
}

/** CSV text with a header row, oldest request first. */
export function leadsToCsv(records: readonly LeadRecord[]): string {
  const rows = [...records]
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt))
    .map((record) => {
      const flat = flatten(record);
      return CSV_COLUMNS.map((column) => field(flat[column])).join(",");
    });
  return [CSV_COLUMNS.map(field).join(","), ...rows].join("\r\n") + "\r\n";
}
