import "./src/styles/global.css";
import type { GatsbyBrowser } from "gatsby";
import { hydrateInTransition } from "./src/lib/hydrate-in-transition";

export { wrapPageElement } from "./src/components/wrap-page-element";

/** Time-sliced hydration: see src/lib/hydrate-in-transition.ts (issue 5, TBT). */
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () => hydrateInTransition;
