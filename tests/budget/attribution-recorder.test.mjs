// The first-landing recorder (docs/decisions/0024-lead-attribution.md) in the built pages: on every
// page, inline (no request, hashed into the CSP), and small enough for the inline-script budget of
// docs/requirements.md#interactive-at-first-paint.
// Needs `npm run build` first.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public");
const MAX_BYTES = 512;
// The site's pages (not /admin/, Decap's editor); listed, so the check does not depend on how a page is built.
const PAGES = [
  "index.html",
  "about/index.html",
  "contact/index.html",
  "contact/thanks/index.html",
  "404.html",
];
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

test(`every page records the first landing with one inline script of at most ${MAX_BYTES} bytes`, (t) => {
  for (const page of PAGES) {
    const html = readFileSync(join(publicDir, page), "utf8");
    const recorders = [...html.matchAll(INLINE_SCRIPT)]
      .map((match) => match[1])
      .filter((body) => body.includes("sessionStorage") && body.includes("utm_source"));
    assert.equal(recorders.length, 1, `${page}: expected one recorder`);
    const bytes = Buffer.byteLength(recorders[0]);
    t.diagnostic(`${page}: ${bytes} B`);
    assert.ok(bytes <= MAX_BYTES, `${page}: recorder is ${bytes} B`);
    assert.doesNotMatch(
      recorders[0],
      /document\.cookie|localStorage/,
      `${page}: recorder touches cookies or localStorage`,
    );
  }
});
