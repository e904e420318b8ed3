/**
 * The targets of docs/requirements.md#performance-budget and which a page misses; reported, never failed on
 * (speed on a shared 2-core machine is not a test verdict).
 */
import { BUDGETS, KB, keepsScripts } from "../../build/first-load-js.mjs";

export const TARGETS = {
  scores: 100,
  lcpMs: 1500,
  tbtMs: 50,
  /** docs/decisions/0014-script-free-pages.md: no main-thread task can block. */
  scriptFreeTbtMs: 0,
  /** docs/decisions/0026-head-links-after-first-paint.md */
  scriptFreeLcpAfterFcpMs: 100,
  cls: 0,
  homeTransferBytes: 250 * KB,
  buildSeconds: 60,
  firstLoadJs: BUDGETS,
  /** Menu button on screen -> first tap that opens it (docs/requirements.md#interactive-at-first-paint). */
  deadTapMs: 100,
  /** `leads:summary -- --dry-run` with 1,000 leads in the week, under `npm start` (docs/requirements.md#sales-tools). */
  summaryDryRunSeconds: 20,
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
  const categoryOf = { bestPractices: "best-practices" };
  if (figures.error) missed.push("lighthouse failed");
  else {
    for (const key of ["performance", "accessibility", "bestPractices", "seo"]) {
      if (figures[key] === TARGETS.scores) continue;
      const prefix = `${categoryOf[key] ?? key}:`;
      const causes = (figures.failedAudits ?? []).filter((a) => a.startsWith(prefix));
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
