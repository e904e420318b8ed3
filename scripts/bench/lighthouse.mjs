/**
 * Lighthouse figures for a list of URLs (docs/decisions/0007-perf-benchmark.md): mobile preset, simulated
 * throttling, the median of `runs` after discarded warm-ups, since throttling magnifies a shared host's noise.
 */
import { setTimeout as sleep } from "node:timers/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { SCORES, median } from "./report.mjs";

export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

const CATEGORIES = Object.values(SCORES);

// Trace failures Lighthouse itself says to re-run; they say nothing about the page.
const RETRYABLE = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);
const MAX_TRACE_RETRIES = 2;

/** Scores 0-100, metrics in ms, and the audits that kept a score below 100. */
function figuresFrom(lhr) {
  const score = (id) =>
    lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const [fcp, lcp] = [audit("first-contentful-paint"), audit("largest-contentful-paint")];
  const failedAudits = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => `${id}:${ref.id}`),
  );
  return {
    ...Object.fromEntries(Object.entries(SCORES).map(([key, id]) => [key, score(id)])),
    fcpMs: fcp,
    lcpMs: lcp,
    lcpAfterFcpMs: fcp === null || lcp === null ? null : lcp - fcp,
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    transferBytes: audit("total-byte-weight"),
    // Chromium's own CPU benchmark for this run: low values mean a busy machine and inflated TBT.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    failedAudits,
    consoleErrors: (lhr.audits["errors-in-console"]?.details?.items ?? []).map((item) =>
      `${item.description ?? ""} ${item.sourceLocation?.url ?? item.url ?? ""}`.trim(),
    ),
    lcpElement:
      lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    runWarnings: lhr.runWarnings ?? [],
  };
}

const MEDIAN_FIGURES =
  "performance accessibility bestPractices seo fcpMs lcpMs lcpAfterFcpMs tbtMs cls transferBytes".split(" ");

/** Per-figure median of several runs' figures; lists come from the last run. */
export function medianFigures(runs) {
  const result = { ...runs.at(-1), runs: runs.length };
  for (const key of MEDIAN_FIGURES) result[key] = median(runs.map((run) => run[key]));
  return result;
}

const PAGE_TIMEOUT_MS = 90_000;

/** Figures (or `{ error }`) of each of `urls` ({ label, url, expectStatus? }), keyed by label. */
export async function runLighthouse({ urls, runs }) {
  const chromePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const results = {};
  try {
    for (const { label, url, expectStatus } of urls) {
      try {
        const flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
          maxWaitForLoad: 45_000,
          ignoreStatusCode: expectStatus !== undefined && expectStatus >= 400,
        };
        const figures = [];
        let retriesLeft = MAX_TRACE_RETRIES;
        for (let run = -1; run < runs; run += 1) {
          const timeout = sleep(PAGE_TIMEOUT_MS, null, { ref: false }).then(() => {
            throw new Error(`Lighthouse on ${label} took longer than ${PAGE_TIMEOUT_MS / 1000} s`);
          });
          const result = await Promise.race([lighthouse(url, flags), timeout]);
          if (!result?.lhr) throw new Error("Lighthouse returned no report");
          const runtimeError = result.lhr.runtimeError;
          if (runtimeError && RETRYABLE.has(runtimeError.code) && retriesLeft > 0) {
            retriesLeft -= 1;
            run -= 1;
            continue;
          }
          if (runtimeError) throw new Error(runtimeError.message);
          if (run >= 0) figures.push(figuresFrom(result.lhr));
        }
        results[label] = medianFigures(figures);
      } catch (error) {
        results[label] = { error: error instanceof Error ? error.message : String(error) };
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}
