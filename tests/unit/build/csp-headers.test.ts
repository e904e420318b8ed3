/**
 * @jest-environment node
 */
// The build-time Content-Security-Policy (docs/decisions/0002-content-security-policy.md;
// build/csp-headers.ts).
import { createHash } from "node:crypto";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildCsp, inlineScriptHashes, writeCspHeaders } from "../../../build/csp-headers";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

test("each inline script is hashed over its exact text; external and empty ones are skipped", () => {
  const html =
    '<script>window.a=1;</script><script type="module">\n  go()\n</script>' +
    '<script src="/app.js" async></script><script id="x"></script>';
  expect(inlineScriptHashes(html)).toEqual([sha("window.a=1;"), sha("\n  go()\n")]);
});

test("the policy allows only the given script hashes and forbids framing", () => {
  const csp = buildCsp(["'sha256-b'", "'sha256-a'", "'sha256-a'"]);
  expect(csp).toContain("script-src 'self' 'sha256-a' 'sha256-b';");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp.startsWith("default-src 'self'")).toBe(true);
});

test("writeCspHeaders hashes every page under public/ into _headers for each page's paths, not /admin/", () => {
  const dir = mkdtempSync(join(tmpdir(), "csp-"));
  try {
    mkdirSync(join(dir, "about"));
    mkdirSync(join(dir, "admin"));
    writeFileSync(join(dir, "index.html"), "<script>window.pagePath='/';</script>");
    writeFileSync(join(dir, "about", "index.html"), "<script>window.pagePath='/about';</script>");
    writeFileSync(join(dir, "admin", "index.html"), "<script>window.editor=1;</script>");
    const { hashCount } = writeCspHeaders(dir);
    expect(hashCount).toBe(2);
    const file = readFileSync(join(dir, "_headers"), "utf8");
    const rulePaths = file.split("\n").filter((line) => line.startsWith("/"));
    expect(rulePaths).toEqual(["/about", "/about/", "/"]);
    expect(file).toMatch(/^\/about\n {2}Content-Security-Policy: default-src 'self';/m);
    expect(file).not.toContain(sha("window.editor=1;"));
    expect(file).toContain(sha("window.pagePath='/';"));
    expect(file).toContain(sha("window.pagePath='/about';"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
