/** Types of needs-build.mjs (`npm start`'s staleness check), for the tests. */

/**
 * True when `public/` is missing or older than a source the build reads.
 * @param root absolute project root
 */
export function needsBuild(root: string): boolean;
