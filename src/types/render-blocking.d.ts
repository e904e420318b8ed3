/** `<link rel="expect" blocking="render">` (HTML's render-blocking on a parsed element), missing from React 18's types. */
import "react";

// Declaration merging needs React's own type parameter names, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module "react" {
  interface LinkHTMLAttributes<T> {
    blocking?: "render";
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */
