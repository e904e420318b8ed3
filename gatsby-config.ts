import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import pagesWithScripts from "./build/pages-with-scripts.json";
import { loadContentFile } from "./build/load-content";
import { siteSchema } from "./src/lib/content/schemas";
import { staticSiteAdapter } from "./build/static-adapter";
import { organizationJsonLd, SEARCH_EXCLUDED_PATHS, sharedMetaTags, THEME_COLORS } from "./src/lib/site-head";

// Canonical and Open Graph URLs are built from this; Netlify sets URL to the site's main address.
const siteUrl = (process.env.URL ?? "https://www.example-resources-ai.com").replace(/\/$/, "");

// Gatsby runs from the project root; a wrong field fails here naming file and field, as in gatsby-node.
const site = loadContentFile(siteSchema, path.resolve("content/site.json"), process.cwd());

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl,
  },
  // Typed static queries (Queries.*) in src/gatsby-types.d.ts, committed; the build refreshes it.
  // Not in `gatsby develop`: there each regeneration rewrites the file, the editor's bundle
  // (/admin/) recompiles on it and query extraction regenerates it again, a loop that kept
  // serving a half-written /admin/cms.js (tests/e2e/cms-editor.spec.ts).
  graphqlTypegen: process.env.NODE_ENV === "production" ? { generateOnBuild: true } : false,
  trailingSlash: "never",
  // Every header has one owner and a Netlify build installs nothing outside the lock file.
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
      // Gatsby runs from the project root; __dirname points into .cache/compiled.
      options: { name: "content", path: path.resolve("content") },
    },
    // Renders content/privacy.md's body (docs/decisions/0017-privacy-page-from-markdown.md); PrivacyPage
    // links to its MarkdownRemark node.
    "gatsby-transformer-remark",
    {
      // Decap CMS at /admin/ (docs/requirements.md#content-editing) via plugins/gatsby-plugin-decap-admin
      // (see there why). The generated admin page carries <meta name="robots" content="none"> (includeRobots:
      // false).
      resolve: "gatsby-plugin-decap-admin",
      options: {
        modulePath: path.resolve("src/cms/cms.tsx"),
        manualInit: true,
        enableIdentityWidget: false,
        includeRobots: false,
        htmlTitle: "Content editor | Resources AI",
      },
    },
    {
      // /sitemap-index.xml lists the public pages only: /, /about, /contact
      // (docs/requirements.md#accessibility-search-and-the-form-without-javascript), /privacy
      // (docs/requirements.md#personal-data).
      resolve: "gatsby-plugin-sitemap",
      options: { excludes: [...SEARCH_EXCLUDED_PATHS] },
    },
    {
      // robots.txt: allow all but /admin/, with the absolute sitemap URL from siteUrl.
      resolve: "gatsby-plugin-robots-txt",
      options: {
        host: null,
        sitemap: `${siteUrl}/sitemap-index.xml`,
        policy: [{ userAgent: "*", allow: "/", disallow: ["/admin/"] }],
      },
    },
    {
      // gatsby-plugin-manifest minus its browser module (plugins/gatsby-plugin-manifest-static:
      // no first-load JS). Seo renders the light/dark theme-color pair itself, so the plugin's
      // single tag is off; without cache-busting hashes the icon URLs stay stable (JSON-LD logo).
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
        // The icon is a data: URL in each page (src/lib/favicon.ts, decision 0026).
        include_favicon: false,
        theme_color_in_head: false,
        cache_busting_mode: "none",
      },
    },
    {
      // Share image, theme colours and the home page's JSON-LD, written into the HTML at build
      // time (no first-load JS); per-page tags are in src/components/seo.tsx.
      resolve: "gatsby-plugin-site-head",
      options: {
        meta: sharedMetaTags(site, siteUrl),
        jsonLd: { "/": organizationJsonLd(site, siteUrl) },
      },
    },
    {
      // Last, so no later plugin adds a script back (docs/decisions/0014-script-free-pages.md): every page
      // but those listed in build/pages-with-scripts.json is served with no Gatsby runtime, React or page
      // data.
      resolve: "gatsby-plugin-script-free-pages",
      options: { keepScripts: pagesWithScripts },
    },
  ],
};

export default config;
