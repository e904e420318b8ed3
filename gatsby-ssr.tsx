import * as React from "react";
import type { GatsbySSR } from "gatsby";
import { HEAD_SCRIPTS } from "./src/lib/inline-scripts";

export { wrapPageElement } from "./src/components/error-boundary";

/**
 * `<html lang="en">` and, in every page's head, the inline head scripts (theme first, before the first paint)
 * and a rule hiding the `data-js-only` controls when JavaScript is off (docs/decisions/0015-controls-without-framework.md).
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  setHeadComponents([
    ...HEAD_SCRIPTS.map(({ id, code, type }) => (
      <script key={id} id={id} type={type} dangerouslySetInnerHTML={{ __html: code }} />
    )),
    <noscript
      key="hide-js-only"
      dangerouslySetInnerHTML={{ __html: "<style>[data-js-only]{display:none!important}</style>" }}
    />,
  ]);
};
