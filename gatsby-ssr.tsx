import * as React from "react";
import type { GatsbySSR } from "gatsby";
import { HEAD_SCRIPTS } from "./src/lib/inline-scripts/head-scripts";

export { wrapPageElement } from "./src/components/wrap-page-element";

// Controls only a script can drive carry `data-js-only`; without JavaScript they are not shown
// (docs/decisions/0015-controls-without-framework.md).
const HIDE_JS_ONLY = "<style>[data-js-only]{display:none!important}</style>";

/**
 * `<html lang="en">` and, in every page's head, the inline scripts of src/lib/inline-scripts/head-scripts.ts
 * (the theme first, applied before the first paint) and the rule that hides script-only controls
 * when JavaScript is off.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  setHeadComponents([
    ...HEAD_SCRIPTS.map(({ id, code, type }) => (
      <script key={id} id={id} type={type} dangerouslySetInnerHTML={{ __html: code }} />
    )),
    <noscript key="hide-js-only" dangerouslySetInnerHTML={{ __html: HIDE_JS_ONLY }} />,
  ]);
};
