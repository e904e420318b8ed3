// Unit tests of the first-load JS measurement and the budget check, on a fake public/ (issue 5).
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, describe, test } from "node:test";
import {
  BUDGETS,
  KB,
  checkBudgets,
  measureFirstLoadJs,
  misplacedFormPackages,
  scriptsInHtml,
} from "../../scripts/lib/first-load-js.mjs";
import { makeFakePublic } from "./fake-public.mjs";

const made = [];
const fake = (spec) => {
  const dir = makeFakePublic(spec);
  made.push(dir);
  return dir;
};
after(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const byRoute = (results) => Object.fromEntries(results.map((r) => [r.route, r]));

describe("measureFirstLoadJs", () => {
  test("counts the app chunk group plus the page's component chunk, gzipped", () => {
    const dir = fake({ appBytes: 2000, pages: { "/": { bytes: 3000 }, "/about": { bytes: 10 } } });
    const home = byRoute(measureFirstLoadJs(dir))["/"];
    assert.deepEqual(
      home.files.map((f) => f.file),
      ["webpack-runtime-aaa.js", "framework-bbb.js", "app-ddd.js", "component---src-pages-index-tsx-eee.js"],
    );
    // Random bytes do not compress, so gzip adds only its header and trailer.
    assert.ok(home.gzipBytes > 2000 + 100 + 100 + 3000, `gzipBytes ${home.gzipBytes}`);
    assert.ok(home.gzipBytes < 2000 + 100 + 100 + 3000 + 200, `gzipBytes ${home.gzipBytes}`);
    assert.equal(home.bytes, 2000 + 100 + 100 + 3000);
    assert.deepEqual(home.unlistedScripts, []);
    assert.ok(home.inlineScriptGzipBytes > 0);
  });

  test("adds a <script src> the stats do not list, and reports it", () => {
    const dir = fake({ pages: { "/": { bytes: 10 } }, extraScript: "stray-fff.js" });
    const home = byRoute(measureFirstLoadJs(dir))["/"];
    assert.deepEqual(home.unlistedScripts, ["stray-fff.js"]);
    assert.ok(home.files.some((f) => f.file === "stray-fff.js"));
  });

  test("names the npm packages of the first load from the source maps", () => {
    const dir = fake({
      pages: { "/contact": { bytes: 10, packages: ["react-hook-form", "@hookform/resolvers"] } },
    });
    const contact = byRoute(measureFirstLoadJs(dir))["/contact"];
    assert.deepEqual(contact.packages, [
      "@hookform/resolvers",
      "gatsby",
      "react",
      "react-dom",
      "react-hook-form",
    ]);
  });

  test("fails with a build hint when public/ has not been built", () => {
    assert.throws(() => measureFirstLoadJs("/nonexistent-public"), /npm run build/);
  });
});

describe("checkBudgets", () => {
  test("an over-budget page fails and the others pass", () => {
    const dir = fake({ appBytes: 1000, pages: { "/": { bytes: 80 * KB }, "/contact": { bytes: 80 * KB } } });
    const verdicts = byRoute(checkBudgets(measureFirstLoadJs(dir)));
    assert.equal(verdicts["/"].ok, false, "80 KB of page JS must break the 75 KB home budget");
    assert.equal(verdicts["/"].budget, 75 * KB);
    assert.equal(verdicts["/contact"].ok, true, "/contact has 110 KB");
  });

  test("a page without a budget fails", () => {
    assert.deepEqual(checkBudgets([{ route: "/new-page", gzipBytes: 1 }], BUDGETS), [
      { route: "/new-page", gzipBytes: 1, budget: 0, ok: false },
    ]);
  });

  test("exactly on budget passes", () => {
    assert.equal(checkBudgets([{ route: "/", gzipBytes: 75 * KB }])[0].ok, true);
    assert.equal(checkBudgets([{ route: "/", gzipBytes: 75 * KB + 1 }])[0].ok, false);
  });
});

describe("misplacedFormPackages", () => {
  test("flags form libraries outside /contact only", () => {
    const found = misplacedFormPackages([
      { route: "/", packages: ["react", "zod"] },
      { route: "/contact", packages: ["react-hook-form", "zod"] },
      { route: "/about", packages: ["react"] },
    ]);
    assert.deepEqual(found, [{ route: "/", packages: ["zod"] }]);
  });
});

describe("scriptsInHtml", () => {
  test("keeps same-origin src paths and skips other origins", () => {
    const html =
      '<script src="/app-1.js?v=1" async></script><script src="https://cdn.example/x.js"></script>' +
      "<script>var a=1</script><script src='//other/y.js'></script>";
    const { srcs, inlineBytes } = scriptsInHtml(html);
    assert.deepEqual(srcs, ["app-1.js"]);
    assert.ok(inlineBytes > 0);
  });

  test("reads the URLs of the after-first-paint loader (src/build/scripts-after-first-paint.ts)", () => {
    const loader =
      '(function(w,d,u){/* ... */})(window,document,["/framework-2.js","/app-3.js","https://cdn.example/z.js"])';
    const html = `<script>var a=1</script><script id="gatsby-scripts-after-first-paint">${loader}</script>`;
    assert.deepEqual(scriptsInHtml(html).srcs, ["framework-2.js", "app-3.js"]);
    assert.throws(
      () => scriptsInHtml('<script id="gatsby-scripts-after-first-paint">load()</script>'),
      /no URL list/,
    );
  });
});
