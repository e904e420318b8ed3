/** Types for prebuilt-minification.js (see its docstring). */
export const PREBUILT: RegExp[];
export function skipPrebuiltMinification(
  config: { optimization?: { minimizer?: unknown[] } },
  helpers: { stage: string; plugins: { minifyJs: (options: object) => unknown } },
): void;
