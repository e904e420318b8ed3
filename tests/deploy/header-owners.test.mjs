// Headers of the build Netlify makes: `npm test` builds with NETLIFY=true and NETLIFY_LOCAL=true,
// as a Netlify build runs (decision docs/decisions/0027-node-24-and-netlify-parity.md). Parsed
// with Netlify's own parser, netlify.toml and public/_headers must give every path the site serves
// each header from one rule only, or from rules that agree: the CDN may join two values
// ("max-age=0 ... max-age=31536000"), so which one a visitor gets would be up to it.
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { parseAllHeaders } from "@netlify/headers-parser";

const root = join(import.meta.dirname, "..", "..");
const publicDir = join(root, "public");

/** Every URL path the build serves: each file, and each HTML page also as Netlify's pretty URL. */
function servedPaths(dir) {
  const paths = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = "/" + relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/");
    paths.push(path);
    if (path.endsWith("/index.html"))
      paths.push(path.slice(0, -"index.html".length), path.slice(0, -"/index.html".length) || "/");
    else if (path.endsWith(".html")) paths.push(path.slice(0, -".html".length));
  }
  return [...new Set(paths)];
}

/**
 * The header rules that disagree on a path.
 * @param {Array<{ for: string, forRegExp: RegExp, values: Record<string, string> }>} rules
 * @param {string[]} paths
 * @returns {string[]} one line per path and header set by rules with different values
 */
export function headerCollisions(rules, paths) {
  const collisions = [];
  for (const path of paths) {
    const byHeader = new Map();
    for (const rule of rules.filter(({ forRegExp }) => forRegExp.test(path))) {
      for (const [name, value] of Object.entries(rule.values)) {
        const key = name.toLowerCase();
        byHeader.set(key, [...(byHeader.get(key) ?? []), { for: rule.for, value }]);
      }
    }
    for (const [name, setters] of byHeader) {
      if (new Set(setters.map((s) => s.value)).size > 1)
        collisions.push(`${path} ${name}: ${setters.map((s) => `${s.for} -> ${s.value}`).join(" | ")}`);
    }
  }
  return collisions;
}

async function siteRules() {
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [join(publicDir, "_headers")],
    netlifyConfigPath: join(root, "netlify.toml"),
    configHeaders: undefined,
    minimal: false,
  });
  assert.deepEqual(errors, []);
  return headers;
}

test("the Netlify build installed no adapter outside the lock file", () => {
  assert.ok(existsSync(join(publicDir, "_headers")), "run the build first");
  assert.equal(
    existsSync(join(root, ".cache", "adapters")),
    false,
    ".cache/adapters exists: an adapter was installed",
  );
});

test("no path the site serves gets one header from two rules with different values", async () => {
  const rules = await siteRules();
  const paths = servedPaths(publicDir);
  assert.ok(paths.length > 50, `only ${paths.length} paths found in public/`);
  assert.deepEqual(headerCollisions(rules, paths), []);
});

test("the pages keep their cache policy, security headers and CSP; the editor its COOP and X-Robots-Tag", async () => {
  const rules = await siteRules();
  const headersOf = (path) =>
    Object.assign({}, ...rules.filter(({ forRegExp }) => forRegExp.test(path)).map(({ values }) => values));
  for (const page of ["/", "/about", "/contact", "/privacy", "/404.html", "/contact/thanks"]) {
    const headers = headersOf(page);
    assert.equal(headers["Cache-Control"], "public, max-age=0, must-revalidate", page);
    assert.match(headers["Content-Security-Policy"] ?? "", /script-src 'self'( 'sha256-[^']+')+/, page);
    assert.equal(headers["X-Frame-Options"], "DENY", page);
    assert.equal(headers["Cross-Origin-Opener-Policy"], undefined, page);
  }
  const asset = readdirSync(publicDir).find((name) => /^app-[0-9a-f]+\.js$/.test(name));
  assert.equal(headersOf(`/${asset}`)["Cache-Control"], "public, max-age=31536000, immutable");
  assert.equal(headersOf("/page-data/app-data.json")["Cache-Control"], "public, max-age=0, must-revalidate");
  const admin = headersOf("/admin/index.html");
  assert.equal(admin["Cross-Origin-Opener-Policy"], "same-origin-allow-popups");
  assert.equal(admin["X-Robots-Tag"], "noindex");
});

test("the check finds two rules that set one header differently on a path", () => {
  const rule = (path, values) => ({
    for: path,
    forRegExp: new RegExp(`^${path.replace("*", ".*")}$`),
    values,
  });
  const rules = [
    rule("/*", { "cache-control": "public, max-age=0, must-revalidate" }),
    rule("/*.js", { "Cache-Control": "public, max-age=31536000, immutable" }),
  ];
  assert.equal(headerCollisions(rules, ["/app.js", "/about"]).length, 1);
});
