import path from "node:path";
import type { GatsbyConfig } from "gatsby";

// Canonical and Open Graph URLs are built from this; Netlify sets URL to the site's main address.
const siteUrl = (process.env.URL ?? "https://www.example-resources-ai.com").replace(/\/$/, "");

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl,
  },
  graphqlTypegen: false,
  trailingSlash: "never",
  plugins: [
    "gatsby-plugin-postcss",
    "gatsby-plugin-image",
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
    {
      // Decap CMS at /admin/ (issue 7) via plugins/gatsby-plugin-decap-admin (see there why).
      // The generated admin page carries <meta name="robots" content="none"> (includeRobots: false).
      resolve: "gatsby-plugin-decap-admin",
      options: {
        modulePath: path.resolve("src/cms/cms.tsx"),
        manualInit: true,
        enableIdentityWidget: false,
        includeRobots: false,
        htmlTitle: "Content editor | Resources AI",
      },
    },
  ],
};

export default config;
