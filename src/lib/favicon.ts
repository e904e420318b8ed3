/**
 * The site icon, written into each page's head as a `data:` URL (decision 0026): the
 * browser fetches nothing for it, so no icon request races the first paint on the small
 * script-free pages, where Lighthouse counts every request that ends before the paint towards LCP
 * (docs/requirements.md#interactive-at-first-paint). The same SVG is served as static/favicon.svg for
 * anything that asks for the file; tests/unit/site/favicon.test.ts keeps the two equal.
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0f172a"/><path d="M6 24 13 10l4 8 3-5 6 11Z" fill="#fbbf24"/></svg>';

/** `data:image/svg+xml,...` of {@link FAVICON_SVG}, percent-encoded so it is safe in an attribute. */
export const FAVICON_HREF = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;
