/**
 * The site's Gatsby adapter: a declared adapter that adapts nothing (decision
 * docs/decisions/0027-node-24-and-netlify-parity.md).
 *
 * Without an `adapter` in gatsby-config, a build with `NETLIFY` or `NETLIFY_LOCAL` set (every
 * Netlify build) installs `gatsby-adapter-netlify` from the registry, outside the lock file, and
 * that adapter appends a `/*` rule and one rule per hashed asset to `public/_headers`, which set
 * Cache-Control a second time on paths netlify.toml already covers. Declaring an adapter is
 * Gatsby's documented way to skip that zero-configuration step. This site needs nothing an adapter
 * does: it has no SSR or DSG pages and no Gatsby Functions (its functions are Netlify Functions in
 * netlify/functions/), and every header has one owner: netlify.toml, plus the CSP the post-build
 * step writes to `public/_headers`.
 *
 * What it gives up: the Netlify adapter's build cache (`.cache` and `public` kept between
 * deploys), so every Netlify build is a clean build.
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
