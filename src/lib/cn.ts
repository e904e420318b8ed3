import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, skipping falsy ones (clsx syntax: strings, arrays, `{ class: condition }`).
 * Deliberately without tailwind-merge (~8 KB gzipped, more than all our own page code): callers
 * add only classes that do not conflict with a component's own, and size/variant go through props.
 * @returns one class string
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
