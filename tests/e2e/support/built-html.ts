import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

/** The built site, as `npm run build` leaves it. */
export const PUBLIC_DIR = join(process.cwd(), "public");

export const readPublic = (file: string) => readFileSync(join(PUBLIC_DIR, file), "utf8");

/** The path of every page the build made, from its page-data.json ("/", "/about", "/404.html", ...). */
export function builtPagePaths(): string[] {
  return readdirSync(join(PUBLIC_DIR, "page-data"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("page-data.json"))
    .map((file) => (JSON.parse(readPublic(join("page-data", file))) as { path: string }).path)
    .sort();
}

/**
 * The built pages as a visitor requests them: without a trailing slash, and "/404" and "/404.html"
 * as one page, visited at an unknown path ("/no-such-page").
 */
export function builtPageUrls(): string[] {
  const urls = builtPagePaths().map((route) =>
    route.startsWith("/404") ? "/no-such-page" : route.replace(/(.)\/+$/, "$1"),
  );
  return [...new Set(urls)];
}

/** Width and height of a PNG file from its IHDR chunk, in pixels. */
export function pngSize(file: string) {
  const bytes = readFileSync(join(PUBLIC_DIR, file));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** What search engines and link previews read from one page's head, plus its images. */
export type HeadSummary = {
  titles: string[];
  meta: Record<string, string[]>;
  links: Record<string, string[]>;
  themeColors: [string | null, string | null][];
  jsonLd: unknown[];
  images: { alt: string | null; ariaHidden: string | null }[];
};

/**
 * Parses `html` with the browser's DOMParser (no script runs) and summarises the head:
 * titles, meta by name or property, links by rel, theme-color pairs, JSON-LD blocks, <img> alts.
 */
export function summariseHtml(page: Page, html: string): Promise<HeadSummary> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    const group = (pairs: [string, string][]) =>
      pairs.reduce<Record<string, string[]>>((all, [key, value]) => {
        (all[key] ??= []).push(value);
        return all;
      }, {});
    const metas = [...doc.querySelectorAll("meta[name], meta[property]")];
    return {
      titles: [...doc.querySelectorAll("title")].map((t) => t.textContent ?? ""),
      meta: group(
        metas.map((m) => [
          m.getAttribute("name") ?? m.getAttribute("property") ?? "",
          m.getAttribute("content") ?? "",
        ]),
      ),
      links: group(
        [...doc.querySelectorAll("link[rel]")].map((l) => [
          l.getAttribute("rel") ?? "",
          l.getAttribute("href") ?? "",
        ]),
      ),
      themeColors: [...doc.querySelectorAll('meta[name="theme-color"]')].map((m) => [
        m.getAttribute("media"),
        m.getAttribute("content"),
      ]),
      jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? "null") as unknown,
      ),
      images: [...doc.querySelectorAll("img")].map((img) => ({
        alt: img.getAttribute("alt"),
        ariaHidden: img.getAttribute("aria-hidden"),
      })),
    };
  }, html);
}
