/**
 * The site icon as a `data:` URL (decision 0026), so no icon request races the first paint
 * (docs/requirements.md#interactive-at-first-paint); static/favicon.svg must stay equal (tested).
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0f172a"/><path d="M6 24 13 10l4 8 3-5 6 11Z" fill="#fbbf24"/></svg>';

/** `data:image/svg+xml,...` of {@link FAVICON_SVG}, percent-encoded so it is safe in an attribute. */
export const FAVICON_HREF = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;
