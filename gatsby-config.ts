import path from "node:path";
import type { GatsbyConfig, IAdapter } from "gatsby";
import pagesWithScripts from "./build/pages-with-scripts.json";
import { contentLeftOut, loadContentFile } from "./build/load-content";
import { siteSchema } from "./src/lib/content/schemas";
import { organizationJsonLd, SEARCH_EXCLUDED_PATHS, sharedMetaTags, THEME_COLORS } from "./src/lib/site-head";

// Canonical and Open Graph URLs are built from this; Netlify sets URL to the site's main address.
const siteUrl = (process.env.URL ?? "https://www.example-resources-ai.com").replace(/\/$/, "");

// Gatsby runs from the project root; a wrong field fails here naming file and field, as in gatsby-node.
const site = loadContentFile(siteSchema, path.resolve("content/site.json"), process.cwd());

// Adapts nothing: else Netlify installs gatsby-adapter-netlify, whose _headers set Cache-Control twice (decision 0027).
const staticSiteAdapter: IAdapter = {
  name: "static-site-adapter",
  adapt: ({ reporter }) => {
    reporter.verbose(
      "static-site-adapter: nothing to adapt; headers come from netlify.toml and public/_headers",
    );
  },
};

const config: GatsbyConfig = {
  siteMetadata: { siteUrl },
  // Typed static queries in src/gatsby-types.d.ts (committed), refreshed by the build only: in `gatsby develop`
  // each rewrite recompiles /admin/'s bundle, which regenerates the file again (tests/e2e/cms-editor.spec.ts).
  graphqlTypegen: process.env.NODE_ENV === "production" ? { generateOnBuild: true } : false,
  trailingSlash: "never",
  adapter: staticSiteAdapter,
  plugins: [
    "gatsby-plugin-postcss",
    {
      resolve: "gatsby-plugin-sharp",
      options: { defaults: { formats: ["auto", "webp", "avif"], placeholder: "blurred" } },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      // The privacy page's HubSpot section only while HUBSPOT_ACCESS_TOKEN is set (docs/decisions/0049-hubspot-plugin.md).
      options: {
        name: "content",
        path: path.resolve("content"),
        ignore: contentLeftOut(path.resolve("content"), process.env),
      },
    },
    // Renders content/privacy.md's body (docs/decisions/0017-privacy-page-from-markdown.md).
    "gatsby-transformer-remark",
    {
      // Decap CMS at /admin/ (docs/requirements.md#content-editing); plugins/gatsby-plugin-decap-admin says why.
      resolve: "gatsby-plugin-decap-admin",
      options: {
        modulePath: path.resolve("src/cms/cms.tsx"),
        manualInit: true,
        enableIdentityWidget: false,
        includeRobots: false, // the generated page carries <meta name="robots" content="none">
        htmlTitle: "Content editor | Resources AI",
      },
    },
    // The public pages only (docs/requirements.md#accessibility-search-and-the-form-without-javascript).
    { resolve: "gatsby-plugin-sitemap", options: { excludes: [...SEARCH_EXCLUDED_PATHS] } },
    {
      resolve: "gatsby-plugin-robots-txt",
      options: {
        host: null,
        sitemap: `${siteUrl}/sitemap-index.xml`,
        policy: [{ userAgent: "*", allow: "/", disallow: ["/admin/"] }],
      },
    },
    {
      // gatsby-plugin-manifest without first-load JS. The theme-color pair comes from site-head, and
      // the icon URLs stay stable without cache-busting hashes (JSON-LD logo).
      resolve: "gatsby-plugin-manifest-static",
      options: {
        name: "Resources AI",
        short_name: "Resources AI",
        description: "AI agents for frontline crews in mining, oil, gas and energy.",
        start_url: "/",
        display: "minimal-ui",
        background_color: THEME_COLORS.light,
        theme_color: THEME_COLORS.light,
        icon: "content/images/icon.png",
        include_favicon: false, // a data: URL in each page (src/lib/site-head.ts, decision 0026)
        theme_color_in_head: false,
        cache_busting_mode: "none",
      },
    },
    {
      // Last, so no later plugin adds a script back (docs/decisions/0014-script-free-pages.md): pages not
      // in build/pages-with-scripts.json get no Gatsby runtime, React or page data. Also writes the tags
      // every page shares and the home page's JSON-LD at build time (no first-load JS).
      resolve: "gatsby-plugin-static-html",
      options: {
        keepScripts: pagesWithScripts,
        meta: sharedMetaTags(site, siteUrl),
        jsonLd: { "/": organizationJsonLd(site, siteUrl) },
      },
    },
  ],
};

export default config;
