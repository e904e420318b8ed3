import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, skipping falsy ones (clsx syntax: strings, arrays, `{ class: condition }`).
 * Deliberately without tailwind-merge (it outweighs all our own page code; docs/performance.md): callers
 * add only classes that do not conflict with a component's own, and size/variant go through props.
 * @returns one class string
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
