/**
 * Demo requests as CSV for the sales team (issue 4): RFC 4180 (CRLF line ends, every field
 * quoted, quotes doubled) and neutralised against spreadsheet formula injection: a value
 * starting with = + - @ (or tab/CR) gets a leading apostrophe.
 */
export const CSV_COLUMNS = [
  "id",
  "receivedAt",
  "state",
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "message",
  "attempts",
  "sentAt",
  "lastError",
];

/** `'=1+1'` -> `"'=1+1"`; other values unchanged. */
export function neutraliseFormula(value) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function field(value) {
  const text = neutraliseFormula(value === undefined || value === null ? "" : String(value));
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * @param {Array<{ id: string, receivedAt: string, state: string, request: Record<string, string>,
 *   attempts: number, sentAt?: string, lastError?: string }>} records stored lead records
 * @returns {string} CSV text with a header row, oldest request first
 */
export function leadsToCsv(records) {
  const rows = [...records]
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt))
    .map((r) => {
      const flat = {
        ...r.request,
        id: r.id,
        receivedAt: r.receivedAt,
        state: r.state,
        attempts: r.attempts,
        sentAt: r.sentAt,
        lastError: r.lastError,
      };
      return CSV_COLUMNS.map((c) => field(flat[c])).join(",");
    });
  return [CSV_COLUMNS.map(field).join(","), ...rows].join("\r\n") + "\r\n";
}
