/** The page the no-JS form lands on when its request was not received (docs/requirements.md#accessibility-search-and-the-form-without-javascript). */
import escapeHtml from "escape-html";
import { DEMO_REQUEST_FIELDS } from "../../../../src/lib/demo-request";
import { htmlPage } from "../../kit/html-page";

const FORM_PATH = "/contact";

function page(title: string, body: string): string {
  return htmlPage(
    title,
    `${body}<p>Use your browser's Back button to return to the form with what you typed, ` +
      `or <a href="${FORM_PATH}">open the form again</a>.</p>`,
  );
}

/** The page for an error: each invalid field's message in form order, else `error`. */
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
