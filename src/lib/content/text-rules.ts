/** Text rules both the build (zod) and the editor (Decap `pattern`) apply (docs/decisions/0017-privacy-page-from-markdown.md). */

/** A calendar date written YYYY-MM-DD, e.g. 2026-11-23. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One e-mail address (local@domain.tld), no spaces, angle brackets or quotes. */
export const EMAIL_ADDRESS = /^[^\s@<>"]+@[^\s@<>".]+(\.[^\s@<>".]+)*\.[A-Za-z]{2,}$/;

/**
 * An HTML tag in a markdown body (autolinks do not match). Refused because the CSP hashes every inline
 * script the build finds, so a pasted script would be allowed to run.
 */
export const HTML_TAG = /<\/?[A-Za-z][\w-]*(?=[\s/>])/;

/** A level-1 markdown heading (ATX or setext): the page title is the only h1. */
export const LEVEL_ONE_HEADING = /(?:^|\n) {0,3}(?:#(?:[ \t]|\n|$)|=+[ \t]*(?:\n|$))/;
