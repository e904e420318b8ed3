/**
 * The small HTML pages the functions answer with (docs/requirements.md#sales-tools): the site's look in one inline
 * style block allowed by its hash in the page's CSP; no script; controls at least 44 px tall.
 */
import { createHash } from "node:crypto";
import escapeHtml from "escape-html";
import site from "../../../content/site.json";
import { SECURITY_HEADERS } from "./http";

/** The site's palette: Tailwind's slate, amber and sky, as the pages use them (src/styles/global.css). */
const STYLE =
  ":root{color-scheme:light dark;--ink:#0f172a;--muted:#475569;--page:#fff;--card:#f8fafc;--line:#e2e8f0;" +
  "--control:#64748b;--field:#fff;--link:#075985;--focus:#0369a1;--alert:#b91c1c;--accent:#fbbf24;" +
  "--accent-ink:#020617;--mark:#0f172a;--peak:#fbbf24}" +
  "@media (prefers-color-scheme:dark){:root{--ink:#f1f5f9;--muted:#94a3b8;--page:#020617;--card:#0f172a;" +
  "--line:#1e293b;--control:#64748b;--field:#0f172a;--link:#7dd3fc;--focus:#7dd3fc;--alert:#f87171;" +
  "--mark:#fbbf24;--peak:#020617}}" +
  "*{box-sizing:border-box}" +
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;' +
  "color:var(--ink);background:var(--page);line-height:1.5;-webkit-text-size-adjust:100%;overflow-wrap:anywhere}" +
  "header{border-bottom:1px solid var(--line)}" +
  "header p{max-width:40rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.5rem;" +
  "font-size:1.125rem;font-weight:700}.mark{fill:var(--mark)}.peak{fill:var(--peak)}" +
  "main{max-width:40rem;margin:0 auto;padding:.5rem 1rem 3rem}" +
  "h1{font-size:1.5rem;line-height:1.25;margin:1rem 0}h2{font-size:1.125rem;margin:0 0 .5rem}" +
  "h3{font-size:1rem;margin:1rem 0 .25rem}li{margin:.25rem 0}" +
  "a{color:var(--link);font-weight:600}strong{font-weight:600}" +
  ":focus-visible{outline:2px solid var(--focus);outline-offset:2px}" +
  "section{border:1px solid var(--line);border-radius:.5rem;background:var(--card);padding:1rem;margin:1rem 0}" +
  ".muted{color:var(--muted)}" +
  ".tag{display:inline-block;border:1px solid var(--control);border-radius:999px;padding:0 .625rem;" +
  "font-size:.875rem;margin:0 .25rem .25rem 0}" +
  ".promise{font-weight:600}" +
  "dl{margin:1rem 0 0;display:grid;gap:.5rem}dt{font-size:.875rem;color:var(--muted)}" +
  "dd{margin:0}" +
  "blockquote{margin:.25rem 0;padding:.5rem .75rem;border-left:4px solid var(--accent);" +
  "white-space:pre-wrap}" +
  ".actions{display:grid;gap:.5rem;margin:1rem 0}" +
  ".button,button{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;" +
  "padding:.5rem 1rem;border:1px solid var(--control);border-radius:.375rem;background:var(--field);" +
  "color:var(--ink);font:inherit;font-weight:600;text-align:center;text-decoration:none;" +
  "cursor:pointer}" +
  ".primary{background:var(--accent);border-color:var(--accent);color:var(--accent-ink)}" +
  "form{margin:1rem 0 0}form+form{border-top:1px solid var(--line);padding-top:1rem}" +
  "label{display:block;font-weight:600;margin:0 0 .25rem}" +
  "select,input{display:block;width:100%;min-height:48px;margin:0 0 .75rem;padding:.5rem .75rem;" +
  "border:1px solid var(--control);border-radius:.375rem;background:var(--field);color:var(--ink);font:inherit}" +
  "ol{list-style:none;margin:0;padding:0}ol li{margin:0;padding:0 0 .75rem .75rem;" +
  "border-left:2px solid var(--control)}time{display:block;font-size:.875rem;color:var(--muted)}" +
  "[role=alert],[role=status]{border:2px solid var(--alert);border-radius:.375rem;padding:.75rem}" +
  "[role=status]{border-color:var(--control)}";

const BRAND =
  `<header><p><svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">` +
  `<rect class="mark" width="32" height="32" rx="7"/><path class="peak" d="M6 24 13 10l4 8 3-5 6 11Z"/>` +
  `</svg>${escapeHtml(site.siteName)}</p></header>`;

const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

/** The pages' Content-Security-Policy: nothing but their one inline style block. */
export async function htmlPageCsp(): Promise<string> {
  return `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'`;
}

/** An answer carrying a page (`html` null for HEAD) with the security headers, CSP and `headers`. */
export async function htmlResponse(
  html: string | null,
  status: number,
  headers: Record<string, string> = {},
): Promise<Response> {
  return new Response(html, {
    status,
    headers: {
      ...SECURITY_HEADERS,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": await htmlPageCsp(),
      ...headers,
    },
  });
}

/** A page titled `title` (escaped here) around `body` (HTML the caller escaped), under the site's name. */
export function htmlPage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    `<style>${STYLE}</style></head><body>${BRAND}<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}
