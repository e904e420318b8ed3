// The JS-budget guard (issue 5): fails when a built page's first-load JavaScript exceeds its budget,
// measured from public/ with the same code `npm run bench` uses. Needs `npm run build` first.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import {
  checkBudgets,
  discoverPages,
  measureFirstLoadJs,
  misplacedFormPackages,
} from "../../scripts/lib/first-load-js.mjs";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public");
const measurements = measureFirstLoadJs(publicDir);

test("the build has the pages the budgets are about", () => {
  const routes = discoverPages(publicDir).map((p) => p.route);
  for (const route of ["/", "/contact", "/404.html"]) assert.ok(routes.includes(route), `${route} not built`);
});

test("every page's first-load JS is within its budget", (t) => {
  const verdicts = checkBudgets(measurements);
  for (const v of verdicts) t.diagnostic(`${v.route}: ${v.gzipBytes} B gzipped (budget ${v.budget} B)`);
  const over = verdicts.filter((v) => !v.ok);
  assert.deepEqual(over, [], "pages over budget (a page without a budget counts as over)");
});

test("the measurement covers every script the HTML loads", () => {
  for (const m of measurements) {
    assert.deepEqual(m.unlistedScripts, [], `${m.route} loads scripts webpack.stats.json does not list`);
    assert.ok(m.htmlScripts.length > 0, `${m.route} has no <script src>: is the HTML from Gatsby?`);
    const measured = new Set(m.files.map((f) => f.file));
    for (const src of m.htmlScripts) assert.ok(measured.has(src), `${m.route}: ${src} not measured`);
  }
});

test("no form library is in the first load of a page without the form", () => {
  assert.deepEqual(misplacedFormPackages(measurements), []);
});
