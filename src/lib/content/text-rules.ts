/**
 * Text rules the build (zod) and the content editor (Decap `pattern`) both apply, as plain
 * regular expressions so ./fields.ts can use each in both forms. Decision
 * docs/decisions/0017-privacy-page-from-markdown.md.
 */

/** A calendar date written YYYY-MM-DD, e.g. 2026-11-23. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One e-mail address (local@domain.tld), no spaces, angle brackets or quotes. */
export const EMAIL_ADDRESS = /^[^\s@<>"]+@[^\s@<>".]+(\.[^\s@<>".]+)*\.[A-Za-z]{2,}$/;

/**
 * Raw HTML in a markdown body: an opening or closing tag such as `<script>` or `</div>`.
 * Markdown autolinks (`<https://…>`, `<name@example.com>`) do not match. Refused because the
 * body reaches the page as HTML, and the page's Content-Security-Policy hashes every inline
 * script the build finds, so a pasted script would be allowed to run.
 */
export const HTML_TAG = /<\/?[A-Za-z][\w-]*(?=[\s/>])/;

/**
 * A level-1 markdown heading, ATX (`# Title`) or setext (a line of `=` under text). The page
 * renders its title as the only h1, so the body starts at `##` and headings stay in order.
 */
export const LEVEL_ONE_HEADING = /(?:^|\n) {0,3}(?:#(?:[ \t]|\n|$)|=+[ \t]*(?:\n|$))/;
