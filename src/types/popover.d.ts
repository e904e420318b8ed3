/** HTML popover attributes for the mobile menu (docs/decisions/0015-controls-without-framework.md), missing from React 18's types. */
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
