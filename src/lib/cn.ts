import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (clsx syntax). No tailwind-merge: it outweighs our page code (docs/performance.md),
 * so callers add only non-conflicting classes.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
