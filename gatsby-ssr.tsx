import * as React from "react";
import type { GatsbySSR } from "gatsby";
import { themeInitScript } from "./src/components/theme/theme-core";

export { wrapPageElement } from "./src/components/wrap-page-element";

/** `<html lang="en">`, and the theme applied by an inline script before the first paint. */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  setHeadComponents([<script key="theme-init" dangerouslySetInnerHTML={{ __html: themeInitScript }} />]);
};
