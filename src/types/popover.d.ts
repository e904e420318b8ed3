/**
 * The HTML popover attributes (the mobile menu is a native popover:
 * docs/decisions/0015-controls-without-framework.md). React 18 writes
 * unknown lowercase attributes through as they are, but its types do not list these yet.
 */
import "react";

// Declaration merging needs React's own type parameter names, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module "react" {
  interface HTMLAttributes<T> {
    popover?: "auto" | "manual";
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string;
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */
