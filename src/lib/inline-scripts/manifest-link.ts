/**
 * Adds the manifest `<link>` after the first contentful paint (docs/decisions/0026-head-links-after-first-paint.md):
 * Chromium fetches the manifest and an icon once the page loads, before the paint of a script-free page,
 * and Lighthouse then counts them towards LCP. Without JavaScript a `<noscript>` copy provides it.
 */

/** The manifest's URL, as gatsby-plugin-manifest writes it (`cache_busting_mode: "none"`). */
export const MANIFEST_PATH = "/manifest.webmanifest";

/** Upper bound on the wait (a hidden tab reports no paint). */
export const MANIFEST_FALLBACK_MS = 3000;

/** The `<head>` script: appends the link once, on the paint entry or the fallback timer; kept short for the 2 KB budget. */
export const manifestLinkScript =
  `(function(d){var l;function a(){if(!l){l=d.createElement("link");l.rel="manifest";` +
  `l.href=${JSON.stringify(MANIFEST_PATH)};d.head.appendChild(l)}}` +
  `try{new PerformanceObserver(function(q){q.getEntriesByName("first-contentful-paint").length&&a()})` +
  `.observe({type:"paint",buffered:!0})}catch(_){}setTimeout(a,${MANIFEST_FALLBACK_MS})})(document)`;
