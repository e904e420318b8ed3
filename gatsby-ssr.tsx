import * as React from "react";
import type { GatsbySSR } from "gatsby";
import { MAIN_ID } from "./src/components/layout/layout";
import { HEAD_SCRIPTS } from "./src/lib/inline-scripts";

export { wrapPageElement } from "./src/components/error-boundary";

/**
 * `<html lang>`, the head scripts (theme first), no paint of a half-parsed header, and, without JS,
 * hiding `data-js-only` controls (decision 0015). The header is laid out by what follows each
 * control, so a frame painted while the HTML is still arriving would move it (decision 0042).
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  setHeadComponents([
    ...HEAD_SCRIPTS.map(({ id, code, type }) => (
      <script key={id} id={id} type={type} dangerouslySetInnerHTML={{ __html: code }} />
    )),
    // eslint-disable-next-line react/no-unknown-property -- HTML's `blocking`, newer than the lint rule
    <link key="paint-after-header" rel="expect" href={`#${MAIN_ID}`} blocking="render" />,
    <noscript
      key="hide-js-only"
      dangerouslySetInnerHTML={{ __html: "<style>[data-js-only]{display:none!important}</style>" }}
    />,
  ]);
};
