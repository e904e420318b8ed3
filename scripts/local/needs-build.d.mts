/** Types of needs-build.mjs (`npm start`'s staleness check, and the record the build leaves), for TypeScript callers. */

/**
 * The digest of every source file's path and bytes (64 hex characters).
 * @param root absolute project root
 */
export function sourcesDigest(root: string): string;

/**
 * Records that `public/` is a finished build of the sources as they are now.
 * @param root absolute project root
 */
export function recordBuild(root: string): void;

/**
 * Forgets the record, so that a build stopped half-way is never taken for a finished one.
 * @param root absolute project root
 */
export function forgetBuild(root: string): void;

/**
 * True when there is no finished build, or a source's content changed since it finished.
 * @param root absolute project root
 */
export function needsBuild(root: string): boolean;
