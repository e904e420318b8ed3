import type { GatsbyConfig } from "gatsby";

const siteUrl = process.env.URL ?? "https://www.example-resources-ai.com";

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl,
  },
  graphqlTypegen: false,
  trailingSlash: "never",
  plugins: [
    "gatsby-plugin-postcss",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "content", path: `${__dirname}/content` },
    },
  ],
};

export default config;
