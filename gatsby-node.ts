/** Content files into typed nodes, a wrong field failing the build (docs/decisions/0035-content-model-once.md); post-build steps. */
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { writeCspHeaders } from "./build/csp-headers";
import pagesWithScripts from "./build/pages-with-scripts.json";
import { loadScriptsAfterFirstPaint, pagesNotRewritten } from "./build/scripts-after-first-paint";
import { contentTypeDefs, loadSiteContent } from "./build/load-content";
import { dropNodeFetchFromPageRender } from "./build/native-fetch-in-page-render";
import { forgetBuild, recordBuild } from "./scripts/local/needs-build.mjs";

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs);
};

export const sourceNodes: GatsbyNode["sourceNodes"] = async ({
  actions,
  createNodeId,
  createContentDigest,
  reporter,
}) => {
  let content;
  try {
    // Gatsby runs from the project root; __dirname points into .cache/compiled.
    content = loadSiteContent(process.cwd());
  } catch (error) {
    reporter.panicOnBuild(`Invalid content:\n${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  // The body is checked here but rendered from the MarkdownRemark node of the same file.
  const { body: _body, ...privacy } = content.privacy;
  const nodes = {
    SiteSettings: content.site,
    HomePage: content.home,
    AboutPage: content.about,
    PrivacyPage: { ...privacy, bodyFile: path.join(process.cwd(), "content", "privacy.md") },
  };
  for (const [type, data] of Object.entries(nodes)) {
    await actions.createNode({
      ...data,
      id: createNodeId(type),
      internal: { type, contentDigest: createContentDigest(data) },
    });
  }
};

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, getConfig, actions }) => {
  const config = (getConfig as () => { plugins?: unknown[] })();
  if (dropNodeFetchFromPageRender(config, stage)) actions.replaceWebpackConfig(config);
};

/** A build stopped half-way leaves no record of a finished one (scripts/local/needs-build.mjs). */
export const onPreBuild: GatsbyNode["onPreBuild"] = () => {
  forgetBuild(process.cwd());
};

/** After the build: scripts after the first paint, then the CSP of every inline script, then the fresh-build record. */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  const rewritten = loadScriptsAfterFirstPaint(path.join(process.cwd(), "public"));
  const missed = pagesNotRewritten(rewritten, pagesWithScripts);
  if (missed.length > 0) {
    reporter.panicOnBuild(
      `Gatsby's scripts could not be moved after the first paint on ${missed.join(", ")}: did Gatsby's scripts slice change? (build/INTERNALS.md)`,
    );
    return;
  }
  reporter.info(`Scripts start after the first paint on ${rewritten.join(", ")}`);
  const { hashCount } = writeCspHeaders(path.join(process.cwd(), "public"));
  reporter.info(`Content-Security-Policy written to public/_headers (${hashCount} inline script hashes)`);
  recordBuild(process.cwd());
};
