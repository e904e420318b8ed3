/** What the not-found page logs before the attempted path (spec section 2: "The attempted path is logged to the console"). */
export const NOT_FOUND_LOG_MESSAGE = "404 Error: User attempted to access non-existent route:";

/** The not-found page's inline script: logs the requested path with console.error (the page loads no script). */
export const notFoundLogScript = `console.error(${JSON.stringify(NOT_FOUND_LOG_MESSAGE)},location.pathname)`;
