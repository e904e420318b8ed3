import * as React from "react";
import type { GatsbySSR } from "gatsby";
import { HEAD_SCRIPTS } from "./src/lib/inline-scripts";

export { wrapPageElement } from "./src/components/error-boundary";

/** `<html lang>`, the head scripts (theme first) and, without JS, hiding `data-js-only` controls (decision 0015). */
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
