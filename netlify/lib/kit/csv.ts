/** RFC 4180, formula-safe CSV cells for the owner's exports (docs/requirements.md#durable-capture). */
import { stringify } from "csv-stringify/sync";

// Leading white space a spreadsheet skips (tab and CR start a formula themselves), then a formula's start.
const FORMULA_START = /^[^\S\t\r]*[=+\-@\t\r]/u;

/** A leading apostrophe when the value, also NFKC-normalised, starts a formula; otherwise unchanged. Never throws. */
export function neutraliseFormula(value: string): string {
  // The raw value too: normalising may fold a sign into its neighbour (`=` + U+0338 -> `≠`).
  return FORMULA_START.test(value) || FORMULA_START.test(value.normalize("NFKC")) ? `'${value}` : value;
}

const cell = (value: unknown) =>
  neutraliseFormula(typeof value === "string" || typeof value === "number" ? String(value) : "");

/** Rows as CSV text: every cell quoted (empty ones too), CRLF line ends, a final CRLF. */
export function csvText(rows: readonly (readonly unknown[])[]): string {
  return stringify(
    rows.map((row) => row.map(cell)),
    { quoted: true, quoted_empty: true, record_delimiter: "windows" },
  );
}
