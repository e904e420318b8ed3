/**
 * The targets of docs/requirements.md#performance-budget and
 * docs/requirements.md#interactive-at-first-paint, and which of them a page's figures miss. The benchmark
 * only reports misses; it never fails on them (speed on a shared 2-core machine is not a test verdict).
 */
import { BUDGETS, KB, keepsScripts } from "../../build/first-load-js.mjs";

export const TARGETS = {
  scores: 100,
  lcpMs: 1500,
  /** Pages that keep scripts (docs/requirements.md#performance-budget). */
  tbtMs: 50,
  /**
   * Script-free pages (docs/decisions/0014-script-free-pages.md): no main-thread task of theirs can block.
   */
  scriptFreeTbtMs: 0,
  /** Script-free pages (docs/decisions/0026-head-links-after-first-paint.md): LCP within 100 ms of FCP. */
  scriptFreeLcpAfterFcpMs: 100,
  cls: 0,
  homeTransferBytes: 250 * KB,
  buildSeconds: 60,
  firstLoadJs: BUDGETS,
  /**
   * Menu button on screen -> first tap that opens the menu, throttled phone
   * (docs/requirements.md#interactive-at-first-paint).
   */
  deadTapMs: 100,
};

/**
 * @param {string} route page path the budgets use ("/", "/about", "/contact", "/404.html")
 * @param {{ performance?: number, accessibility?: number, bestPractices?: number, seo?: number,
 *   lcpMs?: number, lcpAfterFcpMs?: number, tbtMs?: number, cls?: number, transferBytes?: number,
 *   jsGzipBytes?: number, jsFiles?: unknown[], inlineScriptBytes?: number, error?: string,
 *   failedAudits?: string[], consoleErrors?: string[] }} figures
 * @param {{ noindexPage?: boolean, notFoundPath?: string }} [options] noindexPage: the figures are
 *   of a page kept out of search on purpose (`noindex`: the not-found page, the thanks page), which
 *   fails SEO "is-crawlable" by design; notFoundPath: they are
 *   of a path answered with status 404, which fails SEO "http-status-code" and logs "Failed to load
 *   resource: 404" for that path by definition. Those audits alone are not misses (the raw scores
 *   are still reported).
 * @returns {string[]} short names of the missed targets, like "LCP" or "seo"; empty when all are met
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

/**
 * @param {{ deadTapMs?: number, error?: string }} figures one page and profile of the dead-tap probe
 * @returns {string[]} ["dead tap"] when the probe failed or the figure is over {@link TARGETS}.deadTapMs
 */
export function missedDeadTap(figures) {
  return figures.error || !(figures.deadTapMs <= TARGETS.deadTapMs) ? ["dead tap"] : [];
}
