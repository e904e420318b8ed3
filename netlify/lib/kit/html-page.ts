/**
 * The small HTML pages answering the no-JS form (docs/requirements.md#accessibility-search-and-the-form-without-javascript):
 * one inline style block, allowed by its hash in the page's CSP; no script.
 */
import escapeHtml from "escape-html";
import { SECURITY_HEADERS } from "./http";

const STYLE =
  "body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;" +
  "color:#0f172a;background:#fff;line-height:1.5}h1{font-size:1.5rem}li{margin:.25rem 0}" +
  "a{color:#075985;font-weight:600}strong{font-weight:600}" +
  "@media (prefers-color-scheme:dark){body{color:#f1f5f9;background:#020617}a{color:#7dd3fc}}";

let styleHash: string | undefined;

/** The pages' Content-Security-Policy: nothing but their one inline style block. */
export async function htmlPageCsp(): Promise<string> {
  if (!styleHash) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(STYLE));
    styleHash = `'sha256-${Buffer.from(digest).toString("base64")}'`;
  }
  return `default-src 'none'; style-src ${styleHash}; frame-ancestors 'none'; form-action 'self'; base-uri 'none'`;
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

/** A page titled `title` (escaped here) around `body` (HTML the caller escaped). */
export function htmlPage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    `<style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}
