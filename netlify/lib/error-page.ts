/**
 * The HTML page the no-JS form lands on when its demo request was not received (issue 6, "The
 * form without JavaScript"): for 422 each field's spec message (spec section 5) under the
 * form's label, otherwise the error text, plus a link back to the form. Styled by one inline
 * style block that the page's own CSP allows by hash. Text is escaped with escape-html.
 */
import escapeHtml from "escape-html";
import { DEMO_REQUEST_FIELDS } from "../../src/lib/demo-request";

const FORM_PATH = "/contact";

const STYLE =
  "body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;" +
  "color:#0f172a;background:#fff;line-height:1.5}h1{font-size:1.5rem}li{margin:.25rem 0}" +
  "a{color:#075985;font-weight:600}strong{font-weight:600}" +
  "@media (prefers-color-scheme:dark){body{color:#f1f5f9;background:#020617}a{color:#7dd3fc}}";

let styleHash: string | undefined;

/** The page's Content-Security-Policy: nothing but its one inline style block. */
export async function errorPageCsp(): Promise<string> {
  if (!styleHash) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(STYLE));
    styleHash = `'sha256-${Buffer.from(digest).toString("base64")}'`;
  }
  return `default-src 'none'; style-src ${styleHash}; frame-ancestors 'none'; form-action 'self'; base-uri 'none'`;
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    `<style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}` +
    `<p>Use your browser's Back button to return to the form with what you typed, ` +
    `or <a href="${FORM_PATH}">open the form again</a>.</p></main></body></html>`
  );
}

/**
 * The page for an error: one `<li>` per invalid field in `fields`, in the form's order, or
 * `error` when no field is named.
 */
export function renderErrorPage(error: string, fields: Readonly<Record<string, string>> = {}): string {
  const items = DEMO_REQUEST_FIELDS.filter((row) => fields[row.name]).map(
    (row) => `<li><strong>${escapeHtml(row.label)}:</strong> ${escapeHtml(fields[row.name])}</li>`,
  );
  const detail =
    items.length > 0
      ? `<p>Please correct the following and send the form again:</p><ul>${items.join("")}</ul>`
      : `<p>${escapeHtml(error)}</p>`;
  return page("Your demo request was not sent", detail);
}
