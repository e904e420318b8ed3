/**
 * Answers for the Request a Demo form posted without JavaScript (issue 6, "The form without
 * JavaScript"): the same handler runs, and its JSON answer is turned into what a browser
 * navigating away from /contact needs.
 *
 * - 2xx (sent, pending, repeated id, honeypot) -> 303 See Other to the static thanks page.
 * - 4xx/5xx -> the same status with a small, styled HTML page: for 422 each field's spec
 *   message (spec section 5), otherwise the error text, plus a link back to the form.
 */
import { DEMO_REQUEST_FIELDS } from "../../src/lib/demo-request";
import { SECURITY_HEADERS, type ErrorBody } from "./http";
import { escapeHtml } from "./text";

/** Where a successful no-JS submit lands (src/pages/contact/thanks.tsx; the site has no trailing slashes). */
export const THANKS_PATH = "/contact/thanks";
const FORM_PATH = "/contact";

const STYLE =
  "body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;" +
  "color:#0f172a;background:#fff;line-height:1.5}h1{font-size:1.5rem}li{margin:.25rem 0}" +
  "a{color:#075985;font-weight:600}strong{font-weight:600}" +
  "@media (prefers-color-scheme:dark){body{color:#f1f5f9;background:#020617}a{color:#7dd3fc}}";

let styleHash: string | undefined;

/** The CSP source for the page's one inline style block, e.g. `'sha256-...'`. */
async function styleSource(): Promise<string> {
  if (!styleHash) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(STYLE));
    styleHash = `'sha256-${Buffer.from(digest).toString("base64")}'`;
  }
  return styleHash;
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

/** The HTML for an error answer: one `<li>` per invalid field, in the form's order. */
export function renderErrorPage(body: ErrorBody): string {
  const fields = body.fields ?? {};
  const items = DEMO_REQUEST_FIELDS.filter((row) => fields[row.name]).map(
    (row) => `<li><strong>${escapeHtml(row.label)}:</strong> ${escapeHtml(fields[row.name])}</li>`,
  );
  const detail =
    items.length > 0
      ? `<p>Please correct the following and send the form again:</p><ul>${items.join("")}</ul>`
      : `<p>${escapeHtml(body.error)}</p>`;
  return page("Your demo request was not sent", detail);
}

async function readError(response: Response): Promise<ErrorBody> {
  try {
    const parsed = (await response.json()) as Partial<ErrorBody>;
    return { error: String(parsed.error ?? "The request failed"), fields: parsed.fields };
  } catch {
    return { error: "The request failed" };
  }
}

/** Turns the handler's JSON answer into the no-JS form's answer (see the module comment). */
export async function toFormAnswer(response: Response): Promise<Response> {
  if (response.status >= 200 && response.status < 300) {
    return new Response(null, {
      status: 303,
      headers: { ...SECURITY_HEADERS, location: THANKS_PATH, "content-type": "text/plain" },
    });
  }
  const extra: Record<string, string> = {};
  const allow = response.headers.get("allow");
  if (allow) extra.allow = allow;
  return new Response(renderErrorPage(await readError(response)), {
    status: response.status,
    headers: {
      ...SECURITY_HEADERS,
      ...extra,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'none'; style-src ${await styleSource()}; frame-ancestors 'none'; form-action 'self'; base-uri 'none'`,
    },
  });
}
