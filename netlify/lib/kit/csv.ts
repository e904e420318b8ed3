/**
 * CSV cells for the owner's exports (docs/requirements.md#durable-capture: exports are RFC 4180
 * and formula-safe): `leads:export` (netlify/lib/add-ons/privacy/leads-csv.ts) and `leads:report`
 * (netlify/lib/add-ons/follow-up/report.ts).
 */

// Leading white space a spreadsheet may skip before it reads a formula (everything `\s` matches but
// the tab and carriage return, which start a formula themselves), then a formula's first character.
const FORMULA_START = /^[^\S\t\r]*[=+\-@\t\r]/u;

/**
 * Neutralises a CSV cell against formula injection: when the first character that is not a space,
 * after Unicode NFKC normalisation (so a full-width `＝` counts as `=`), is `=`, `+`, `-`, `@`, a
 * tab or a carriage return, the value gets a leading apostrophe and is otherwise kept exactly as
 * it was, nothing a person typed lost: `"=1+1"` -> `"'=1+1"`, `" =HYPERLINK(1)"` ->
 * `"' =HYPERLINK(1)"`, `"＝SUM(1,1)"` -> `"'＝SUM(1,1)"`. Other values are returned unchanged;
 * never throws.
 */
export function neutraliseFormula(value: string): string {
  // The raw value too: normalising may fold a sign into its neighbour (`=` + U+0338 -> `≠`).
  return FORMULA_START.test(value) || FORMULA_START.test(value.normalize("NFKC")) ? `'${value}` : value;
}

/** One RFC 4180 cell: a string or number neutralised and quoted (quotes doubled); anything else empty. */
export function csvCell(value: unknown): string {
  const text = neutraliseFormula(typeof value === "string" || typeof value === "number" ? String(value) : "");
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows as CSV text: every cell quoted, CRLF line ends, a final CRLF. */
export function csvText(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
