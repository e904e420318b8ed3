import { startTransition, type ReactElement } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";

/**
 * Gatsby's `replaceHydrateFunction` (issue 5, TBT <= 50 ms): hydrates the server-rendered page inside
 * `startTransition`, so React 18 hydrates in ~5 ms slices that yield to the browser instead of one
 * long task. A click or key press during those slices makes React finish hydrating synchronously and
 * then handle it, so no input is lost.
 *
 * @param element the app root Gatsby renders (`<App />`).
 * @param rootNode `#___gatsby` (or, under `gatsby develop`, the loading indicator's mount node).
 * @returns a cleanup function that unmounts the root (Gatsby's develop runtime calls it).
 * Root nodes without server-rendered markup (develop, client-only routes) get a plain client render,
 * as in Gatsby's own default, because hydrating empty markup would mismatch.
 */
export function hydrateInTransition(element: ReactElement, rootNode: Element): () => void {
  const focusWrapper = rootNode.querySelector("#gatsby-focus-wrapper");
  if (focusWrapper === null || focusWrapper.children.length === 0) {
    const root = createRoot(rootNode);
    root.render(element);
    return () => root.unmount();
  }
  // startTransition runs its callback synchronously, so `root` is set when it returns.
  let root!: Root;
  startTransition(() => {
    root = hydrateRoot(rootNode, element);
  });
  return () => root.unmount();
}
