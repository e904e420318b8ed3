// Unit tests of the first-load JS measurement and the budget check, on a fake public/
// (docs/decisions/0006-perf-first-load-js.md, docs/requirements.md#interactive-at-first-paint).
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, describe, test } from "node:test";
import {
  BUDGETS,
  KB,
  checkBudgets,
  keepsScripts,
  measureFirstLoadJs,
  misplacedFormPackages,
  scriptsInHtml,
} from "../../build/first-load-js.mjs";
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
  test("a page that boots Gatsby counts the app chunk group plus its component chunk, gzipped", () => {
    const dir = fake({ appBytes: 2000, pages: { "/contact": { bytes: 3000 }, "/about": { bytes: 10 } } });
    const contact = byRoute(measureFirstLoadJs(dir))["/contact"];
    assert.equal(contact.boots, true);
    assert.deepEqual(
      contact.files.map((f) => f.file),
      [
        "webpack-runtime-aaa.js",
        "framework-bbb.js",
        "app-ddd.js",
        "component---src-pages-contact-tsx-eee.js",
      ],
    );
    // Random bytes do not compress, so gzip adds only its header and trailer.
    assert.ok(contact.gzipBytes > 2000 + 100 + 100 + 3000, `gzipBytes ${contact.gzipBytes}`);
    assert.ok(contact.gzipBytes < 2000 + 100 + 100 + 3000 + 200, `gzipBytes ${contact.gzipBytes}`);
    assert.equal(contact.bytes, 2000 + 100 + 100 + 3000);
    assert.deepEqual(contact.unlistedScripts, []);
    assert.equal(contact.inlineScriptBytes, "window.x=1".length);
  });

  test("a page whose HTML loads none of Gatsby's scripts has no first-load JS, whatever the stats list", () => {
    const dir = fake({ pages: { "/": { bytes: 3000, scriptFree: true } } });
    const home = byRoute(measureFirstLoadJs(dir))["/"];
    assert.equal(home.boots, false);
    assert.deepEqual(home.files, []);
    assert.equal(home.gzipBytes, 0);
  });

  test("adds a <script src> the stats do not list, and reports it", () => {
    const dir = fake({ pages: { "/": { bytes: 10, scriptFree: true } }, extraScript: "stray-fff.js" });
    const home = byRoute(measureFirstLoadJs(dir))["/"];
    assert.deepEqual(home.unlistedScripts, ["stray-fff.js"]);
    assert.deepEqual(
      home.files.map((f) => f.file),
      ["stray-fff.js"],
    );
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
  const verdict = (spec) => byRoute(checkBudgets(measureFirstLoadJs(fake(spec)), ["/contact"]));

  test("a page not in the list that loads Gatsby's scripts fails; the same page script-free passes", () => {
    assert.equal(verdict({ pages: { "/about": { bytes: 10 } } })["/about"].ok, false);
    assert.match(
      verdict({ pages: { "/about": { bytes: 10 } } })["/about"].problems[0],
      /loads 4 script file/,
    );
    assert.equal(verdict({ pages: { "/about": { bytes: 10, scriptFree: true } } })["/about"].ok, true);
  });

  test("every page is script-free by default: a new page needs no entry to be held to it", () => {
    const v = verdict({ pages: { "/privacy": { bytes: 10 } } })["/privacy"];
    assert.equal(v.keepsScripts, false);
    assert.equal(v.ok, false);
  });

  test("a script-free page's inline scripts may reach 2 KB together, not more", () => {
    const inline = (bytes) => ({
      pages: { "/": { bytes: 10, scriptFree: true, inline: "x".repeat(bytes) } },
    });
    assert.equal(BUDGETS.scriptFreeInlineBytes, 2 * KB);
    assert.equal(verdict(inline(2 * KB))["/"].ok, true);
    assert.equal(verdict(inline(2 * KB + 1))["/"].ok, false);
  });

  test("a listed page must load its scripts, within 100 KB gzipped", () => {
    assert.equal(BUDGETS.pageWithScriptsGzipBytes, 100 * KB);
    assert.equal(verdict({ pages: { "/contact": { bytes: 90 * KB } } })["/contact"].ok, true);
    const over = verdict({ pages: { "/contact": { bytes: 100 * KB } } })["/contact"];
    assert.equal(over.ok, false, "100 KB of page JS plus the app chunks breaks the budget");
    assert.match(over.problems[0], /first-load JS/);
    const none = verdict({ pages: { "/contact": { bytes: 10, scriptFree: true } } })["/contact"];
    assert.deepEqual(none.problems, ["listed as a page with scripts but loads none"]);
  });
});

test("keepsScripts reads the list, with or without a trailing slash", () => {
  assert.equal(keepsScripts("/contact/", ["/contact"]), true);
  assert.equal(keepsScripts("/contact", ["/contact"]), true);
  assert.equal(keepsScripts("/contact/thanks", ["/contact"]), false);
  assert.equal(keepsScripts("/", ["/contact"]), false);
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
    assert.equal(inlineBytes, "var a=1".length);
  });

  test("reads the URLs of the after-first-paint loader (build/scripts-after-first-paint.ts)", () => {
    const loader =
      '(function(w,d,u){/* ... */})(window,document,["/framework-2.js","/app-3.js","https://cdn.example/z.js"])';
    const html = `<script>var a=1</script><script id="gatsby-scripts-after-first-paint">${loader}</script>`;
    assert.deepEqual(scriptsInHtml(html).srcs, ["framework-2.js", "app-3.js"]);
    assert.throws(
      () => scriptsInHtml('<script id="gatsby-scripts-after-first-paint">load()</script>'),
      /no URL list/,
    );
  });

  test("counts inline scripts and speculation rules in UTF-8 bytes, not JSON-LD data blocks", () => {
    const html =
      '<script id="theme">a("é")</script><script type="speculationrules">{"p":1}</script>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script><script type="module">m()</script>';
    assert.equal(scriptsInHtml(html).inlineBytes, 'a("é")'.length + 1 + '{"p":1}'.length + "m()".length);
  });
});
