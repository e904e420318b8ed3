/**
 * A Gatsby adapter that adapts nothing (docs/decisions/0027-node-24-and-netlify-parity.md). Without
 * one, Netlify builds install `gatsby-adapter-netlify`, whose `_headers` rules set Cache-Control a
 * second time. The site has no SSR, DSG or Gatsby Functions; the cost is Netlify's build cache.
 */
import type { IAdapter } from "gatsby";

export const staticSiteAdapter: IAdapter = {
  name: "static-site-adapter",
  adapt: ({ reporter }) => {
    reporter.verbose(
      "static-site-adapter: nothing to adapt; headers come from netlify.toml and public/_headers",
    );
  },
};
