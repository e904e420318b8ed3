/**
 * @jest-environment node
 */
// The site icon (decision 0026): the data: URL every page carries is the SVG served as
// static/favicon.svg, and it decodes to exactly that SVG.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FAVICON_HREF, FAVICON_SVG } from "../../../src/lib/site-head";

test("the inline icon is static/favicon.svg", () => {
  expect(FAVICON_SVG).toBe(readFileSync(join(process.cwd(), "static", "favicon.svg"), "utf8").trim());
});

test("the data: URL decodes to the SVG and needs no quoting in an attribute", () => {
  const prefix = "data:image/svg+xml,";
  expect(FAVICON_HREF.startsWith(prefix)).toBe(true);
  expect(decodeURIComponent(FAVICON_HREF.slice(prefix.length))).toBe(FAVICON_SVG);
  expect(FAVICON_HREF).not.toMatch(/["'<>\s]/);
});
