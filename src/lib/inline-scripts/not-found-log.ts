/** What the not-found page logs before the attempted path (spec section 2: "The attempted path is logged to the console"). */
export const NOT_FOUND_LOG_MESSAGE = "404 Error: User attempted to access non-existent route:";

/**
 * The not-found page's inline script (src/components/not-found.tsx): logs the path the visitor
 * asked for with console.error, so broken links show up in the console. The page itself loads no
 * script (docs/decisions/0014-script-free-pages.md), so this runs as the page is parsed.
 */
export const notFoundLogScript = `console.error(${JSON.stringify(NOT_FOUND_LOG_MESSAGE)},location.pathname)`;
