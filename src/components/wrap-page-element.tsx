import * as React from "react";
import type { WrapPageElementBrowserArgs } from "gatsby";
import { ErrorBoundary } from "./error-boundary";

/** Shared by gatsby-browser and gatsby-ssr: every page renders inside the ErrorBoundary. */
export function wrapPageElement({ element }: Pick<WrapPageElementBrowserArgs, "element">) {
  return <ErrorBoundary>{element}</ErrorBoundary>;
}
