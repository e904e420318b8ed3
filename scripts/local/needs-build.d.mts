/** Types of needs-build.mjs (`npm start`'s staleness check), documented there; `root` is absolute. */

export function sourcesDigest(root: string): string;

export function recordBuild(root: string): void;

export function forgetBuild(root: string): void;

export function needsBuild(root: string): boolean;
