/**
 * What `npm run bench` holds its figures to (docs/requirements.md#performance-budget, decision 0007) and the
 * arithmetic behind them. Misses are reported, never failed on: speed on a shared 2-core host is no verdict.
 */
import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { median as simpleMedian, sum } from "simple-statistics";
import { BUDGETS, KB, keepsScripts } from "../../build/first-load-js.mjs";

export const TARGETS = {
  scores: 100,
  lcpMs: 1500,
  tbtMs: 50,
  scriptFreeTbtMs: 0, // docs/decisions/0014-script-free-pages.md
  scriptFreeLcpAfterFcpMs: 100, // docs/decisions/0026-head-links-after-first-paint.md
  cls: 0,
  homeTransferBytes: 250 * KB,
  buildSeconds: 60,
  firstLoadJs: BUDGETS,
  deadTapMs: 100, // docs/requirements.md#interactive-at-first-paint
  summaryDryRunSeconds: 20, // docs/requirements.md#sales-tools
};

/** Lighthouse's categories by the name their score has in the figures. */
export const SCORES = {
  performance: "performance",
  accessibility: "accessibility",
  bestPractices: "best-practices",
  seo: "seo",
};

/**
 * The missed targets of `figures` for `route`, e.g. ["LCP", "seo"]. A `noindexPage` or `notFoundPath` fails
 * some SEO audits by design; those alone are not misses.
 */
export function missedTargets(route, figures, { noindexPage = false, notFoundPath } = {}) {
  const missed = [];
  const scriptFree = !keepsScripts(route);
  const inherent = (audit) => {
    if ((noindexPage || notFoundPath) && audit === "seo:is-crawlable") return true;
    if (!notFoundPath) return false;
    if (audit === "seo:http-status-code") return true;
    const own = (text) => / 404 /.test(text) && text.includes(notFoundPath);
    return audit === "best-practices:errors-in-console" && (figures.consoleErrors ?? []).every(own);
  };
  if (figures.error) missed.push("lighthouse failed");
  else {
    for (const [key, category] of Object.entries(SCORES)) {
      if (figures[key] === TARGETS.scores) continue;
      const causes = (figures.failedAudits ?? []).filter((a) => a.startsWith(`${category}:`));
      if (causes.length === 0 || !causes.every(inherent)) missed.push(key);
    }
    if (!(figures.lcpMs <= TARGETS.lcpMs)) missed.push("LCP");
    if (scriptFree && !(figures.lcpAfterFcpMs <= TARGETS.scriptFreeLcpAfterFcpMs)) missed.push("LCP-FCP");
    if (!(figures.tbtMs <= (scriptFree ? TARGETS.scriptFreeTbtMs : TARGETS.tbtMs))) missed.push("TBT");
    if (figures.cls !== TARGETS.cls) missed.push("CLS");
    if (route === "/" && !(figures.transferBytes <= TARGETS.homeTransferBytes)) missed.push("transfer");
  }
  const js = scriptFree
    ? figures.jsFiles?.length === BUDGETS.scriptFreeFiles &&
      figures.inlineScriptBytes <= BUDGETS.scriptFreeInlineBytes
    : figures.jsGzipBytes <= BUDGETS.pageWithScriptsGzipBytes;
  if (!js) missed.push("first-load JS");
  return missed;
}

/** ["dead tap"] when the probe failed or is over TARGETS.deadTapMs. */
export function missedDeadTap(figures) {
  return figures.error || !(figures.deadTapMs <= TARGETS.deadTapMs) ? ["dead tap"] : [];
}

/** The median of the numbers among `values`. @param {unknown[]} values @returns {number | null} */
export function median(values) {
  const numbers = values.filter((v) => typeof v === "number");
  return numbers.length === 0 ? null : simpleMedian(numbers);
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
  const deltas = after.flatMap((cpu, index) => {
    const previous = before[index]?.times;
    return previous
      ? Object.entries(cpu.times).map(([kind, value]) => [kind, value - (previous[kind] ?? 0)])
      : [];
  });
  const total = sum(deltas.map(([, delta]) => delta));
  return total > 0 ? sum(deltas.filter(([kind]) => kind === "idle").map(([, delta]) => delta)) / total : 1;
}

/** Waits until `minIdle` idle for `quietSeconds`, at most `timeoutSeconds` (then `quiet: false`). */
export async function waitForQuietCpu({ minIdle = 0.9, quietSeconds = 3, timeoutSeconds = 60 } = {}) {
  let quietFor = 0;
  let previous = cpus();
  for (let waited = 1; waited <= timeoutSeconds; waited += 1) {
    await sleep(1000);
    const current = cpus();
    quietFor = idleShare(previous, current) >= minIdle ? quietFor + 1 : 0;
    previous = current;
    if (quietFor >= quietSeconds) return { quiet: true, waitedSeconds: waited };
  }
  return { quiet: false, waitedSeconds: timeoutSeconds };
}
