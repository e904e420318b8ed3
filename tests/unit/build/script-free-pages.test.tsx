/**
 * @jest-environment node
 *
 * plugins/gatsby-plugin-static-html (docs/decisions/0014-script-free-pages.md): Gatsby's scripts leave
 * every page's HTML but those listed; the head's own inline scripts and the page body stay. The elements
 * below are the ones Gatsby 5's static-entry.js hands to onPreRenderHTML (the built site is checked too:
 * tests/budget/js-budget.test.mjs and tests/e2e/script-free-pages.spec.ts).
 */
import * as React from "react";
import pagesWithScripts from "../../../build/pages-with-scripts.json";
import { withEnv } from "../../helpers/env";

type Component = React.ReactElement<Record<string, unknown>>;
type PreRenderHtml = (api: Record<string, unknown>, options: { keepScripts: string[] }) => void;

/** The plugin's onPreRenderHTML as `gatsby build` runs it (the kept plugin acts in production only). */
function loadPlugin(): PreRenderHtml {
  let hook: PreRenderHtml | undefined;
  withEnv({ NODE_ENV: "production" }, () =>
    jest.isolateModules(() => {
      hook = jest.requireActual<{ onPreRenderHTML: PreRenderHtml }>(
        "../../../plugins/gatsby-plugin-static-html/gatsby-ssr",
      ).onPreRenderHTML;
    }),
  );
  return hook!;
}

const ServerSliceRenderer = (props: { sliceId: string }) => props.sliceId;

/** A page's components as Gatsby has them just before onPreRenderHTML, and the API around them. */
function page(pathname: string) {
  let head: Component[] = [
    <meta key="generator" name="generator" content="Gatsby 5" />,
    <script key="theme" id="theme" dangerouslySetInnerHTML={{ __html: "theme()" }} />,
    <script
      key="rules"
      id="speculation-rules"
      type="speculationrules"
      dangerouslySetInnerHTML={{ __html: "{}" }}
    />,
    <link key="preload" rel="preload" as="script" href="/app-1.js" />,
    <link key="page-data" rel="preload" as="fetch" href="/page-data/index/page-data.json" />,
    <link key="manifest" rel="manifest" href="/manifest.webmanifest" />,
  ];
  let postBody: Component[] = [
    <script
      key="script-loader"
      id="gatsby-script-loader"
      dangerouslySetInnerHTML={{ __html: "window.pagePath" }}
    />,
    React.createElement(ServerSliceRenderer, { key: "slice", sliceId: "_gatsby-scripts" }),
  ];
  const api = {
    pathname,
    getHeadComponents: () => head,
    replaceHeadComponents: (components: Component[]) => (head = components),
    getPostBodyComponents: () => postBody,
    replacePostBodyComponents: (components: Component[]) => (postBody = components),
  };
  return { api, head: () => head.map((c) => c.key), postBody: () => postBody.map((c) => c.key) };
}

const keepScripts = ["/contact"];

test.each(["/", "/about", "/404/", "/404.html", "/contact/thanks", "/privacy"])(
  "%s loses Gatsby's scripts and keeps its own inline scripts",
  (pathname) => {
    const { api, head, postBody } = page(pathname);
    loadPlugin()(api, { keepScripts });
    expect(head()).toEqual(["generator", "theme", "rules", "manifest"]);
    expect(postBody()).toEqual([]);
  },
);

test.each(["/contact", "/contact/"])("%s keeps everything (React hydrates the form)", (pathname) => {
  const { api, head, postBody } = page(pathname);
  loadPlugin()(api, { keepScripts });
  expect(head()).toEqual(["generator", "theme", "rules", "preload", "page-data", "manifest"]);
  expect(postBody()).toEqual(["script-loader", "slice"]);
});

test("outside a production build nothing is removed (gatsby develop needs its scripts)", () => {
  const { api, postBody } = page("/");
  const hook = jest.requireActual<{ onPreRenderHTML: PreRenderHtml }>(
    "../../../plugins/gatsby-plugin-static-html/gatsby-ssr",
  ).onPreRenderHTML;
  hook(api, { keepScripts });
  expect(postBody()).toEqual(["script-loader", "slice"]);
});

test("the list of pages with scripts is /contact alone (build/pages-with-scripts.json)", () => {
  expect(pagesWithScripts).toEqual(["/contact"]);
});
