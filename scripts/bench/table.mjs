/** A plain-text table, numbers right-aligned, null cells as "-". */
export function formatTable(header, rows) {
  const cells = [header, ...rows].map((row) => row.map((cell) => (cell == null ? "-" : String(cell))));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row, raw) =>
    row
      .map((cell, i) => (typeof raw?.[i] === "number" ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(cells[0]), rule, ...cells.slice(1).map((row, r) => line(row, rows[r]))].join("\n");
}
