/**
 * The web app manifest's `<link>`, added after the first contentful paint
 * (docs/decisions/0026-head-links-after-first-paint.md). Chromium fetches a page's manifest, and then an
 * install icon from it, as soon as the page has loaded; the script-free pages load before their first frame,
 * so those requests end before the paint and Lighthouse's simulation counts them towards LCP (about 240 ms
 * after FCP on a page whose largest paint is its first). Added after the paint, the same requests start after
 * it. Without JavaScript the link comes from a `<noscript>` copy (plugins/gatsby-plugin-manifest-static), so
 * the manifest never depends on a script.
 */

/** The manifest's URL, as gatsby-plugin-manifest writes it (`cache_busting_mode: "none"`). */
export const MANIFEST_PATH = "/manifest.webmanifest";

/** Upper bound on the wait, for a browser that reports no paint (none in a hidden tab). */
export const MANIFEST_FALLBACK_MS = 3000;

/**
 * The `<head>` script: on the first-contentful-paint entry (delivered once the frame is on screen),
 * or after {@link MANIFEST_FALLBACK_MS} at the latest, it appends `<link rel="manifest">` once.
 * Where PerformanceObserver or paint entries are missing only the timer runs. Kept short: it counts
 * towards each page's 2 KB of inline script (`npm run test:budget`).
 */
export const manifestLinkScript =
  `(function(d){var l;function a(){if(!l){l=d.createElement("link");l.rel="manifest";` +
  `l.href=${JSON.stringify(MANIFEST_PATH)};d.head.appendChild(l)}}` +
  `try{new PerformanceObserver(function(q){q.getEntriesByName("first-contentful-paint").length&&a()})` +
  `.observe({type:"paint",buffered:!0})}catch(_){}setTimeout(a,${MANIFEST_FALLBACK_MS})})(document)`;
