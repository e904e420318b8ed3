/** The benchmarks' shared helpers (docs/decisions/0007-perf-benchmark.md). */
import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

/** The median of the numbers among `values`. @param {unknown[]} values @returns {number | null} */
export function median(values) {
  const sorted = values.filter((v) => typeof v === "number").sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile. @param {number[]} sorted @param {number} p @returns {number | undefined} */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

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

/** Share of CPU time idle between two `os.cpus()` snapshots, 0..1 (1 when no time passed). */
export function idleShare(before, after) {
  let idle = 0;
  let total = 0;
  after.forEach((cpu, index) => {
    const previous = before[index]?.times;
    if (!previous) return;
    for (const [kind, value] of Object.entries(cpu.times)) {
      const delta = value - (previous[kind] ?? 0);
      total += delta;
      if (kind === "idle") idle += delta;
    }
  });
  return total > 0 ? idle / total : 1;
}

/** Waits until `minIdle` idle for `quietSeconds`, at most `timeoutSeconds` (then `quiet: false`). */
export async function waitForQuietCpu({ minIdle = 0.9, quietSeconds = 3, timeoutSeconds = 60 } = {}) {
  let quietFor = 0;
  let waited = 0;
  let previous = cpus();
  while (waited < timeoutSeconds) {
    await sleep(1000);
    waited += 1;
    const current = cpus();
    quietFor = idleShare(previous, current) >= minIdle ? quietFor + 1 : 0;
    previous = current;
    if (quietFor >= quietSeconds) return { quiet: true, waitedSeconds: waited };
  }
  return { quiet: false, waitedSeconds: waited };
}
