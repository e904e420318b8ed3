import "./src/styles/global.css";
import type { GatsbyBrowser } from "gatsby";
import { hydrateInTransition } from "./src/lib/hydrate-in-transition";

export { wrapPageElement } from "./src/components/wrap-page-element";

// Gatsby's type still names React 17's `render(element, container | null, callback)`; Gatsby 5
// calls the function with (element, root node) and uses the returned cleanup, as hydrateInTransition takes.
type HydrateFunction = ReturnType<NonNullable<GatsbyBrowser["replaceHydrateFunction"]>>;

/** Time-sliced hydration: see src/lib/hydrate-in-transition.ts (issue 5, TBT). */
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () =>
  hydrateInTransition as unknown as HydrateFunction;

/**
 * Gatsby waits for this before it fetches the page data and hydrates: one timer turn lets the
 * browser end the task that ran the app's modules first (issue 5, TBT; simulated throttling
 * multiplies each task by 4). Costs one task switch, well under a millisecond.
 */
// eslint-disable-next-line @typescript-eslint/no-misused-promises -- Gatsby awaits it; its type says void
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });
