// The JS-budget guard (docs/requirements.md#interactive-at-first-paint, which tightened
// docs/requirements.md#performance-budget): fails when a built page loads a script file it
// should not, when a page with scripts is over its first-load budget, or when a script-free page's
// inline scripts pass 2 KB; measured from public/ with the same code `npm run bench` uses. Needs
// `npm run build` first.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import {
  PAGES_WITH_SCRIPTS,
  checkBudgets,
  discoverPages,
  measureFirstLoadJs,
  misplacedFormPackages,
} from "../../build/first-load-js.mjs";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public");
const measurements = measureFirstLoadJs(publicDir);
const routes = discoverPages(publicDir).map((p) => p.route);

test("the build has the pages the budgets are about", () => {
  for (const route of ["/", "/about", "/contact", "/contact/thanks", "/privacy", "/404.html"])
    assert.ok(routes.includes(route), `${route} not built`);
  for (const route of PAGES_WITH_SCRIPTS)
    assert.ok(routes.includes(route), `${route} is in build/pages-with-scripts.json but not built`);
});

test("only the pages listed in build/pages-with-scripts.json load scripts, each within its budget", (t) => {
  const verdicts = checkBudgets(measurements);
  for (const v of verdicts) {
    t.diagnostic(
      `${v.route}: ${v.files} script files, ${v.gzipBytes} B gzipped, inline scripts ${v.inlineScriptBytes} B` +
        (v.keepsScripts ? " (keeps scripts)" : ""),
    );
  }
  const over = verdicts.filter((v) => !v.ok).map((v) => `${v.route}: ${v.problems.join("; ")}`);
  assert.deepEqual(over, [], "pages over budget");
});

test("the measurement covers every script the HTML loads", () => {
  for (const m of measurements) {
    assert.deepEqual(m.unlistedScripts, [], `${m.route} loads scripts webpack.stats.json does not list`);
    const measured = new Set(m.files.map((f) => f.file));
    for (const src of m.htmlScripts) assert.ok(measured.has(src), `${m.route}: ${src} not measured`);
  }
});

test("a page with scripts boots Gatsby: its HTML loads the app chunk group", () => {
  for (const m of measurements.filter((m) => PAGES_WITH_SCRIPTS.includes(m.route))) {
    assert.equal(m.boots, true, `${m.route} does not load Gatsby's app scripts: is its HTML from Gatsby?`);
    assert.ok(m.packages.includes("react-dom"), `${m.route} first load has no React DOM`);
  }
});

test("no form library is in the first load of a page without the form", () => {
  assert.deepEqual(misplacedFormPackages(measurements), []);
});
